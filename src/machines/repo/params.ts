import type { Param } from '../../api/builds';

// docs/spec.md 5: the key/value parameters of the new-build and 'Create deployment' dialogs. Both
// machines keep the list plus the two draft inputs, and change them only through these helpers.

export type { Param };

/** The parameter part of a dialog's form: the list and the key/value being typed. */
export interface ParamForm {
  params: Param[];
  draftKey: string;
  draftValue: string;
}

export const emptyParamForm = (): ParamForm => ({ params: [], draftKey: '', draftValue: '' });

/** A parameter can be added only when both key and value are non-empty after trimming. */
export function canAddParam(key: string, value: string): boolean {
  return key.trim() !== '' && value.trim() !== '';
}

/** The list with the trimmed parameter appended, or the same list when it cannot be added. */
export function addParam(params: Param[], key: string, value: string): Param[] {
  if (!canAddParam(key, value)) return params;
  return [...params, { key: key.trim(), value: value.trim() }];
}

/** The list without the parameter at `index` (an index out of range changes nothing). */
export function removeParam(params: Param[], index: number): Param[] {
  if (index < 0 || index >= params.length) return params;
  return params.filter((_, position) => position !== index);
}

/**
 * Adds the draft to the list and clears the draft inputs; when the draft is incomplete nothing
 * changes, so what the user typed stays in place for them to finish.
 */
export function commitDraftParam(form: ParamForm): ParamForm {
  if (!canAddParam(form.draftKey, form.draftValue)) return form;
  return {
    params: addParam(form.params, form.draftKey, form.draftValue),
    draftKey: '',
    draftValue: '',
  };
}
