// The bare page's script (bench/floor.html), a file of its own: the deploy path's
// Content-Security-Policy runs no inline script.
// The floor of `npm run bench`: what a bare page (no framework, no parsing beyond what it
// shows) needs for the same bytes from the same server. Rows carry `data-pos` like the
// console's, so the same probes time both.
// Parameters in the hash (vite preview answers a query on an .html path with the app):
//   #log=URL      fetch a stored log, paint its last 250 lines as text
//   &stream=URL   read a step's event stream with fetch, as the console does, and paint its
//                 new lines every animation frame
//   &reader=eventsource  read the stream with an EventSource instead (one task per line)
//   &token=T      sent as a Bearer header (with fetch)
//   &retry=1      with fetch: ask again every 20 ms until the step streams (opened before
//                 it starts, the server answers with an end at once)
const params = new URLSearchParams(location.hash.slice(1));
const log = document.getElementById('log');
const SHOWN = 250;

function row(line) {
  const div = document.createElement('div');
  div.dataset.pos = String(line.pos);
  div.textContent = line.out;
  return div;
}

async function stored(url, token) {
  const response = await fetch(url, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'include',
  });
  // Keep only the last bytes: enough for 250 lines.
  const kept = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    kept.push(value);
    size += value.length;
    while (size - kept[0].length > 1 << 16) size -= kept.shift().length;
  }
  const tail = new TextDecoder().decode(await new Blob(kept).arrayBuffer());
  // The first whole line of the tail; the tail ends the array (`]`).
  const lines = JSON.parse(`[${tail.slice(tail.indexOf('{"pos":'))}`);
  log.replaceChildren(...lines.slice(-SHOWN).map(row));
}

let queued = [];
const flush = () => {
  log.append(...queued.map(row));
  queued = [];
  while (log.childElementCount > SHOWN) log.firstChild.remove();
  window.scrollTo(0, document.body.scrollHeight);
};
const arrived = (line) => {
  queued.push(line);
  if (queued.length === 1) requestAnimationFrame(flush);
};

// Each chunk's complete `data:` lines at once (Drone sends one JSON line per event); the
// bench only watches, so `eof` or a drop ends the reading (or, with retry, a reading that
// had no line yet starts again).
let received = 0;
async function streamed(url, token) {
  await read(url, token);
  while (params.get('retry') && received === 0) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    await read(url, token);
  }
}

async function read(url, token) {
  const response = await fetch(url, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'include',
  });
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let partial = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    const lines = (partial + decoder.decode(value, { stream: true })).split('\n');
    partial = lines.pop();
    for (const line of lines) {
      if (line.startsWith('data: {')) {
        received += 1;
        arrived(JSON.parse(line.slice(6)));
      }
    }
  }
}

function streamedByEventSource(url) {
  const source = new EventSource(url);
  source.onmessage = (event) => arrived(JSON.parse(event.data));
  source.onerror = () => source.close();
}

if (params.get('log')) void stored(params.get('log'), params.get('token'));
if (params.get('stream') && params.get('reader') === 'eventsource') {
  streamedByEventSource(params.get('stream'));
} else if (params.get('stream')) {
  void streamed(params.get('stream'), params.get('token'));
}
