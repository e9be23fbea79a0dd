// happy-dom has no EventSource. This stand-in records every stream the app opens and lets a
// test push server events through it, like /api/stream would.
export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;

  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }

  close(): void {
    this.closed = true;
  }

  /** Sends one `data:` message to the app. */
  emit(data: unknown): void {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(data) }));
  }

  /** The open streams for a path, e.g. '/api/stream'. */
  static open(path: string): FakeEventSource[] {
    return FakeEventSource.instances.filter(
      (source) => !source.closed && new URL(source.url).pathname === path,
    );
  }
}
