import { request } from './client';
import { encodeSegment as e } from './urls';
import type { Template, TemplateCreate } from './types';

const templatesPath = (namespace: string) => `/api/templates/${e(namespace)}`;

export const TEMPLATE_EXTENSIONS = ['.jsonnet', '.starlark', '.yaml'] as const;
export type TemplateExtension = (typeof TEMPLATE_EXTENSIONS)[number];

export const fetchTemplates = (namespace: string) => request<Template[]>(templatesPath(namespace));

export const createTemplate = (namespace: string, input: TemplateCreate) =>
  request<Template>(templatesPath(namespace), { method: 'POST', body: input });

export const updateTemplate = (namespace: string, templateName: string, data: string) =>
  request<Template>(`${templatesPath(namespace)}/${e(templateName)}`, {
    method: 'PATCH',
    body: { data },
  });

export const deleteTemplate = (namespace: string, templateName: string) =>
  request<void>(`${templatesPath(namespace)}/${e(templateName)}`, { method: 'DELETE' });
