import { AdaptiveCard, HostConfig, OpenUrlAction, type Action } from 'adaptivecards';
import { Template } from 'adaptivecards-templating';
import { isRequestableImage } from '../api/urls';

// The adaptive-card renderer (docs/spec.md 2.9, 7.2): expands a step's template with its card data and
// renders it into DOM. Framework-free, and loaded on demand by the cards machine, so neither
// adaptivecards nor its template engine is part of the first load (docs/architecture.md 7).
//
// Card data comes from the build, so it is untrusted: text is always plain text (no markdown,
// hence no HTML), only http(s) and mailto links survive, and only requestable images
// and media (isRequestableImage: another host's http(s) URL without credentials) are loaded.

// Markdown processing would turn card text into HTML; declining it makes every TextBlock plain
// text (adaptivecards then sets innerText).
AdaptiveCard.onProcessMarkdown = (_text, result) => {
  result.didProcess = false;
};

const SAFE_URL = /^(https?:|mailto:)/i;

export function isSafeUrl(url: string | undefined): url is string {
  if (!url) return false;
  try {
    return SAFE_URL.test(new URL(url, window.location.href).protocol);
  } catch {
    return false;
  }
}

const hostConfig = new HostConfig({
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  spacing: { small: 4, default: 8, medium: 16, large: 24, extraLarge: 32, padding: 16 },
  containerStyles: {
    default: {
      backgroundColor: '#FFFFFF',
      foregroundColors: {
        default: { default: '#1F2328', subtle: '#59636E' },
        accent: { default: '#0B5CAD', subtle: '#0969DA' },
        good: { default: '#1A7F37', subtle: '#1A7F37' },
        warning: { default: '#8A5A00', subtle: '#8A5A00' },
        attention: { default: '#B42318', subtle: '#B42318' },
      },
    },
  },
});

/** Card properties that adaptivecards only accepts as strings. */
const TEXT_KEYS = new Set(['text', 'value', 'title', 'altText', 'label', 'placeholder']);

/**
 * A property that is a single expression (`"${Passed}"`) expands to the data's own type, and
 * adaptivecards drops a number where it wants text: such values become their string form.
 */
function stringifyTexts(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(stringifyTexts);
  if (typeof node !== 'object' || node === null) return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      TEXT_KEYS.has(key) && (typeof value === 'number' || typeof value === 'boolean')
        ? String(value)
        : stringifyTexts(value),
    ]),
  );
}

/** The template expanded with the data, as adaptivecards-templating does it (`$root`). */
export function expandCard(template: unknown, data: unknown): unknown {
  return stringifyTexts(new Template(template).expand({ $root: data }));
}

/** Card properties adaptivecards loads as an image, besides an Image's `url`. */
const IMAGE_KEYS = new Set(['backgroundImage', 'iconUrl', 'poster']);
/**
 * Lists whose items adaptivecards loads by their `url`: an ImageSet's images (an Image there
 * needs no `type`), a Media element's sources (`<source>`, or a video site's frame) and captions
 * (`<track>`).
 */
const LOADED_LISTS = new Set(['images', 'sources', 'captionSources']);

const urlOf = (value: unknown) =>
  typeof value === 'object' && value !== null ? (value as { url?: unknown }).url : value;

/**
 * The card without the images and media that must not be requested (isRequestableImage: an
 * http(s) URL of another host, without credentials). Done before adaptivecards sees it: an image
 * element starts loading as soon as it has a `src`, before it is in the document. `loaded`: the
 * node is an item adaptivecards loads by its `url`.
 */
function withoutUnsafeImages(node: unknown, loaded = false): unknown {
  if (Array.isArray(node)) return node.map((item) => withoutUnsafeImages(item, loaded));
  if (typeof node !== 'object' || node === null) return node;
  const loadsUrl = loaded || (node as { type?: unknown }).type === 'Image';
  if (loaded && !isRequestableUrl(urlOf(node))) return null;
  return Object.fromEntries(
    Object.entries(node).flatMap(([key, value]) => {
      if (LOADED_LISTS.has(key) && Array.isArray(value)) {
        return [[key, value.map((item) => withoutUnsafeImages(item, true)).filter(Boolean)]];
      }
      if (!IMAGE_KEYS.has(key) && !(loadsUrl && key === 'url')) {
        return [[key, withoutUnsafeImages(value)]];
      }
      // backgroundImage may be an object with its own `url`.
      return isRequestableUrl(urlOf(value)) ? [[key, value]] : [];
    }),
  );
}

const isRequestableUrl = (url: unknown) => typeof url === 'string' && isRequestableImage(url);

function openSafely(action: Action): void {
  if (action instanceof OpenUrlAction && isSafeUrl(action.url)) {
    window.open(action.url, '_blank', 'noopener,noreferrer');
  }
}

/** Links the renderer made from card data lose any href that is not http(s) or mailto. */
function stripUnsafeLinks(root: HTMLElement): void {
  for (const anchor of Array.from(root.querySelectorAll('a[href]'))) {
    if (!isSafeUrl(anchor.getAttribute('href') ?? '')) anchor.removeAttribute('href');
  }
}

/**
 * Renders one card; throws when the expanded template is not a card adaptivecards can draw
 * (the caller shows 'CARD ERROR').
 */
export function renderCard(template: unknown, data: unknown): HTMLElement {
  const card = new AdaptiveCard();
  card.hostConfig = hostConfig;
  card.onExecuteAction = openSafely;
  card.parse(withoutUnsafeImages(expandCard(template, data)));
  const element = card.render();
  if (!element) throw new Error('The card has nothing to render');
  stripUnsafeLinks(element);
  return element;
}
