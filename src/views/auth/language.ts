/** Whether the browser prefers Chinese (zh, zh-CN, zh-TW, ...), for the sign-in form's title. */
export function prefersChinese(
  languages: readonly string[] = typeof navigator === 'undefined'
    ? []
    : [navigator.language, ...(navigator.languages ?? [])],
): boolean {
  const first = languages.find(Boolean);
  return first !== undefined && first.toLowerCase().startsWith('zh');
}
