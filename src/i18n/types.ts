/**
 * The shape every other language's catalog has: English's keys, each a string. Plural forms
 * follow the language's own rules (Chinese has only `_other`), so a `_one` form is optional; the
 * catalog test (catalogs.test.ts) checks each language has the forms its rules need.
 */
export type Translation<T> = {
  [K in keyof T as K extends `${string}_one` ? never : K]: T[K] extends string
    ? string
    : Translation<T[K]>;
} & { [K in keyof T as K extends `${string}_one` ? K : never]?: string };
