// The web client of thumbgen's index (renditions.json). No dependencies: it runs in a browser and
// in Node at build time. It follows the rules of the Swift `Renditions` library and writes the
// markup `thumbgen html` writes, byte for byte (Clients/cases.json holds both to it):
//
//   <picture data-thumbgen><source type="image/avif" srcset="… 600w, …" sizes="…">…
//     <img … src="…" srcset="… 600w, …" sizes="…" width="…" height="…" loading="lazy" decoding="async"
//          style="background-color:#rrggbb" data-thumbhash="…"></picture>
//
// Sizes are CSS pixels; the index's widths and heights are pixels.
import { thumbHashAverage, thumbHashBytes, thumbHashHasAlpha, thumbHashToRGBA } from './thumbhash.js';

/** The index from its parsed JSON; `base` is the way from the page to the index's folder
 * (`''`, `'../'`, `'/media/'`), put before every path in the markup. */
export function indexFrom(json, base = '') {
  return { images: {}, slots: {}, ...json, base };
}

/** Loads the index in a browser; paths in the markup lead from the page to the index's folder. */
export async function loadIndex(url = 'renditions.json') {
  const base = url.includes('/') ? url.slice(0, url.lastIndexOf('/') + 1) : '';
  try {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const index = await response.json();
    if (index.schema > 1) throw new Error(`index schema ${index.schema} is newer than this client`);
    return indexFrom(index, base);
  } catch (error) {
    console.warn(`thumbgen: no usable index at ${url}: ${error.message}; showing originals`);
    return indexFrom({}, base);
  }
}

/** `2`, `1.5`: a number as the index writes it. */
const format = (value) => String(value);

/** `thumb@2x`, `card@1.5x`: the index's entry key. */
export function entryKey(slot, scale) {
  return `${slot}@${format(scale)}x`;
}

/** The scale of `slot` to show on a screen of `screenScale`: the smallest the slot lists that is
 * at least that, else the largest. Undefined for a slot the index does not know. */
export function scaleFor(index, slot, screenScale) {
  const scales = [...(index.slots[slot]?.scales ?? [])].sort((a, b) => a - b);
  return scales.find((scale) => scale >= screenScale - 1e-9) ?? scales[scales.length - 1];
}

// The formats thumbgen reads originals in, by the index's names (their type is image/<name>): the
// generator's format registry holds this table to its own (Tests/ThumbgenKitTests/Formats/FormatTableTests).
const mediaTypes = ['jpeg', 'png', 'gif', 'webp', 'avif', 'heic', 'heif'];

/** The slot's box in points, `[width, height]`; a side its size leaves out (`390x`) is Infinity. */
function slotBox(record) {
  const sides = record.size.split('x').map((side) => {
    const value = Number(side);
    return side !== '' && value > 0 && Number.isFinite(value) ? value : Infinity;
  });
  return [sides[0] ?? Infinity, sides[1] ?? Infinity];
}

/** True when the slot crops to fill its box: `cover` with both sides given. */
function crops(record) {
  const [width, height] = slotBox(record);
  return record.fit === 'cover' && width < Infinity && height < Infinity;
}

/** Pixels per point of an original shown as it is in a slot: fitted into the box (filling it, for
 * `cover`) and never enlarged, as at 1×. A 48-pixel icon in a 96-point slot is 48 points at 3× too. */
export function shownScale(record, width, height) {
  if (!(width > 0 && height > 0)) return 1;
  const [boxWidth, boxHeight] = slotBox(record);
  const across = width / boxWidth;
  const down = height / boxHeight;
  return Math.max(1, crops(record) ? Math.min(across, down) : Math.max(across, down));
}

/** What to show for an image in a slot on a screen of `screenScale` (pixels per point): the file,
 * the scale it is shown at (its pixels over the points it fills), its pixel size and type, and
 * `kind`: `rendition`, `original` (the index shows the original, a picture thumbgen read),
 * `unreadable` or `unsupported` (the original, which thumbgen could not read or does not read),
 * `unknownSlot` or `unknownImage`. */
export function resolve(index, image, slot, screenScale) {
  const record = index.images[image];
  if (!record) return { file: image, scale: 1, width: 0, height: 0, type: null, sources: [], kind: 'unknownImage' };
  const scale = record.renditions[entryKey(slot, screenScale)] ? screenScale : scaleFor(index, slot, screenScale);
  const entry = scale === undefined ? undefined : record.renditions[entryKey(slot, scale)];
  if (!entry) {
    const type = mediaTypes.includes(record.format) ? `image/${record.format}` : null;
    return { file: image, scale: 1, width: record.width, height: record.height, type, sources: [], kind: 'unknownSlot' };
  }
  const shown = { file: entry.file, width: entry.width, height: entry.height, type: entry.type ?? null, sources: entry.sources ?? [] };
  if (entry.file !== image) return { ...shown, scale, kind: 'rendition' };
  const kind = record.status === 'unreadable' || record.status === 'unsupported' ? record.status : 'original';
  const slotRecord = index.slots[slot];
  return { ...shown, scale: kind === 'original' && slotRecord ? shownScale(slotRecord, entry.width, entry.height) : 1, kind };
}

/** The entries of an image for the scales its slot lists, without those of unknown size. */
function slotEntries(index, image, slot) {
  const record = index.images[image];
  const scales = index.slots[slot]?.scales;
  if (!record || !scales) return [];
  return [...scales].sort((a, b) => a - b)
    .map((scale) => ({ scale, entry: record.renditions[entryKey(slot, scale)] }))
    .filter(({ entry }) => entry && entry.width > 0 && entry.height > 0);
}

const byText = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

/** Every distinct file of an image in a slot, narrowest first: one per file and one per width. */
export function candidates(index, image, slot) {
  const byFile = new Map();
  for (const { scale, entry } of slotEntries(index, image, slot)) {
    byFile.set(entry.file, { file: entry.file, width: entry.width, height: entry.height, scale, type: entry.type ?? null, sources: entry.sources ?? [] });
  }
  const sorted = [...byFile.values()].sort((a, b) => a.width - b.width || a.height - b.height || byText(a.file, b.file));
  return sorted.filter((candidate, i) => i === 0 || candidate.width !== sorted[i - 1].width);
}

/** The image's own size in the slot in CSS pixels: the smallest any rendition covers at its scale,
 * rounded down to 1/100 so that a browser never reaches for the next file up. When the index shows
 * only the original, its size fitted into the slot at scale 1, never enlarged. */
export function cssSize(index, image, slot) {
  const entries = slotEntries(index, image, slot);
  if (!entries.length) return null;
  const floor = (value) => Math.floor(value * 100) / 100;
  const made = entries.filter(({ entry }) => entry.file !== image);
  if (made.length) {
    const smallest = (pixels) => Math.min(...made.map(({ scale, entry }) => Math.floor(pixels(entry) * 100 / scale) / 100));
    return { width: smallest((e) => e.width), height: smallest((e) => e.height) };
  }
  const { width, height } = entries[0].entry;
  const [boxWidth, boxHeight] = slotBox(index.slots[slot]);
  if (crops(index.slots[slot])) {
    return { width: floor(Math.min(boxWidth, width)), height: floor(Math.min(boxHeight, height)) };
  }
  const factor = Math.min(1, boxWidth / width, boxHeight / height);
  return { width: floor(width * factor), height: floor(height * factor) };
}

/** The slot's `sizes`, else the image's width in the slot (`112.5px`). */
export function sizes(index, image, slot) {
  const css = cssSize(index, image, slot);
  if (!css) return null;
  return index.slots[slot]?.sizes ?? `${format(css.width)}px`;
}

/** A path as a URL path: every byte but ASCII letters, digits and -._~/()!$&'*+;=:@ escaped. */
export function urlPath(path) {
  const kept = "-._~/()!$&'*+;=:@";
  let out = '';
  for (const byte of new TextEncoder().encode(path)) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9]/.test(char) || kept.includes(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Width descriptors over every distinct file of the slot; with `type`, each file's source of
 * that type, or its fallback when that one was not kept. */
export function widthSrcset(index, image, slot, type = null) {
  return candidates(index, image, slot).map((candidate) => {
    const file = (type && candidate.sources.find((s) => s.type === type)?.file) || candidate.file;
    return `${index.base}${urlPath(file)} ${candidate.width}w`;
  }).join(', ');
}

/** The modern types of the slot's files, in `output.formats` order, then any other. */
export function sourceTypes(index, image, slot) {
  const preferred = (index.output?.formats ?? []).map((name) => `image/${name}`);
  const seen = [];
  for (const candidate of candidates(index, image, slot)) {
    for (const source of candidate.sources) if (!seen.includes(source.type)) seen.push(source.type);
  }
  return [...preferred.filter((t) => seen.includes(t)), ...seen.filter((t) => !preferred.includes(t))];
}

/** Levenshtein distance, for "did you mean". */
function editDistance(a, b) {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}

/** ` (did you mean 'hero'?)` when a known name is close enough to be the intended one. */
function hint(name, known) {
  let best = null;
  for (const candidate of known) {
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (!best || distance < best.distance) best = { candidate, distance };
  }
  return best && best.distance <= Math.max(2, Math.floor(best.candidate.length / 3)) ? ` (did you mean '${best.candidate}'?)` : '';
}

/** Why the index cannot place an image in a slot, or null when it can. */
export function problem(index, image, slot) {
  if (!index.images[image]) return `no image '${image}' in the index${hint(image, Object.keys(index.images).sort())}; the page shows it as it is`;
  if (!index.slots[slot]) return `no slot '${slot}' in the index${hint(slot, Object.keys(index.slots).sort())}; the page shows '${image}' as it is`;
  if (resolve(index, image, slot, 1).kind === 'unknownSlot') return `'${image}' has no '${slot}' entries in the index; the page shows it as it is`;
  return null;
}

// Attributes the markup writes on the <img>, in this order; an author's own are replaced.
const generated = ['src', 'srcset', 'sizes', 'width', 'height', 'loading', 'decoding', 'fetchpriority', 'style', 'data-thumbhash'];
const ownStyle = /^background-color:#[0-9a-f]{6};?/;

/** The author's attributes of an `<img>` that markup() wrote: without the generated ones, with
 * the author's style and the eager mark (`loading="eager"`) recovered, so that markup() of them
 * gives the same markup again. */
export function authorAttributes(attributes) {
  const value = (name) => attributes.find(([n]) => n === name)?.[1];
  const kept = attributes.filter(([name]) => !generated.includes(name));
  const style = (value('style') ?? '').replace(ownStyle, '');
  if (style) kept.push(['style', style]);
  if (value('loading') === 'eager') kept.push(['loading', 'eager']);
  return kept;
}

const escape = (text) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
const attribute = ([name, value]) => (value === '' ? ` ${name}` : ` ${name}="${escape(value)}"`);

/** The markup for an `<img data-image data-slot>` whose attributes are `attributes` (name and
 * value pairs in source order): `{ html, warning }`, the warning naming what the index lacks. */
export function markup(index, attributes) {
  const author = authorAttributes(attributes);
  const value = (name) => author.find(([n]) => n === name)?.[1];
  const image = value('data-image') ?? '';
  const slot = value('data-slot') ?? '';
  const eager = value('loading') === 'eager';
  const chosen = resolve(index, image, slot, 1);
  const css = cssSize(index, image, slot);
  const size = sizes(index, image, slot);
  const placeholder = index.images[image]?.placeholder;
  const own = [['src', `${index.base}${urlPath(chosen.file)}`]];
  if (css) {
    own.push(['srcset', widthSrcset(index, image, slot)], ['sizes', size],
      ['width', String(Math.floor(css.width))], ['height', String(Math.floor(css.height))]);
  }
  own.push(['loading', eager ? 'eager' : 'lazy'], eager ? ['fetchpriority', 'high'] : ['decoding', 'async']);
  // The colour paints without JavaScript; behind a transparent image it would show once loaded.
  const color = placeholder && !thumbHashHasAlpha(thumbHashBytes(placeholder.thumbhash)) ? `background-color:${placeholder.color}` : '';
  const style = [color, value('style')].filter(Boolean).join(';');
  if (style) own.push(['style', style]);
  if (placeholder) own.push(['data-thumbhash', placeholder.thumbhash]);
  const sources = css ? sourceTypes(index, image, slot)
    .map((type) => `<source type="${type}" srcset="${escape(widthSrcset(index, image, slot, type))}" sizes="${escape(size)}">`) : [];
  const img = `<img${author.filter(([name]) => !generated.includes(name)).map(attribute).join('')}${own.map(attribute).join('')}>`;
  return { html: `<picture data-thumbgen>${sources.join('')}${img}</picture>`, warning: problem(index, image, slot) };
}

/** In a browser: writes the markup for every `<img data-image data-slot>` under `root` that has
 * none yet (a page `thumbgen html` rewrote keeps its own), warns about what the index lacks, and
 * paints each placeholder until its image loads. */
export function apply(index, root = document) {
  for (const img of root.querySelectorAll('img[data-image][data-slot]')) {
    if (img.parentElement?.matches('picture[data-thumbgen]')) continue;
    const { html, warning } = markup(index, [...img.attributes].map((a) => [a.name, a.value]));
    if (warning) console.warn(`thumbgen: ${warning}`);
    img.outerHTML = html;
  }
  for (const img of root.querySelectorAll('picture[data-thumbgen] > img[data-thumbhash]')) paintPlaceholder(img);
}

/** The decoded ThumbHash behind the image until it loads (the colour stays for opaque images). */
export function paintPlaceholder(img) {
  if (img.complete && img.naturalWidth > 0) return;
  const decoded = thumbHashToRGBA(thumbHashBytes(img.dataset.thumbhash));
  if (!decoded) return;
  const canvas = document.createElement('canvas');
  canvas.width = decoded.width;
  canvas.height = decoded.height;
  const context = canvas.getContext('2d');
  const pixels = context.createImageData(decoded.width, decoded.height);
  pixels.data.set(decoded.rgba);
  context.putImageData(pixels, 0, 0);
  img.style.backgroundImage = `url(${canvas.toDataURL()})`;
  img.style.backgroundSize = '100% 100%';
  const clear = () => { img.style.backgroundImage = ''; img.style.backgroundSize = ''; };
  img.addEventListener('load', clear, { once: true });
}

export { thumbHashToRGBA, thumbHashAverage, thumbHashBytes, thumbHashHasAlpha };
