import { describe, expect, it, vi } from 'vitest';
import { failedChunkUrl, retryingImport } from './retryingImport';

const chunk = `${location.origin}/assets/zh-CN-abc123.js`;
const networkError = (url: string) =>
  new TypeError(`Failed to fetch dynamically imported module: ${url}`);

describe('retryingImport', () => {
  it('imports the chunk, and after a failure its URL under a new query each time', async () => {
    const load = vi.fn().mockRejectedValueOnce(networkError(chunk));
    const importUrl = vi
      .fn()
      .mockRejectedValueOnce(networkError(`${chunk}?retry=1`))
      .mockResolvedValue({ zhCN: {} });
    const catalog = retryingImport(load, importUrl);
    await expect(catalog()).rejects.toThrow(TypeError);
    await expect(catalog()).rejects.toThrow(TypeError);
    await expect(catalog()).resolves.toEqual({ zhCN: {} });
    expect(load).toHaveBeenCalledOnce();
    const urls = importUrl.mock.calls.map(([url]) => new URL(url as string));
    expect(urls.map((url) => url.pathname)).toEqual([
      '/assets/zh-CN-abc123.js',
      '/assets/zh-CN-abc123.js',
    ]);
    const [first, second] = urls.map((url) => url.searchParams.get('retry'));
    expect(first).not.toBe(second);
  });

  it('retries the plain import when the error names no chunk of this origin', async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Importing a module script failed.'))
      .mockResolvedValue({ zhCN: {} });
    const importUrl = vi.fn();
    const catalog = retryingImport(load, importUrl);
    await expect(catalog()).rejects.toThrow(TypeError);
    await expect(catalog()).resolves.toEqual({ zhCN: {} });
    expect(importUrl).not.toHaveBeenCalled();
    expect(failedChunkUrl(networkError('https://elsewhere.example/x.js'))).toBeNull();
  });
});
