// The web client of thumbgen's index (renditions.json). No dependencies: it runs in a browser and
// in Node at build time. It follows the rules of the Swift `Renditions` library: the file for a
// slot and a scale, srcset, sizes, the placeholder, and which values of an index a page may carry
// (`untrusted`). markup.js writes the markup `thumbgen html` writes, byte for byte
// (Clients/cases.json holds both to it); this module gives its functions too.
//
// Sizes are CSS pixels; the index's widths and heights are pixels.
import { thumbHashAverage, thumbHashBytes, thumbHashHasAlpha, thumbHashToRGBA } from './thumbhash.js';

export { apply, authorAttributes, isOwnPicture, markup, paintPlaceholder } from './markup.js';

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

// Index slices (`index: { split: folder }`): beside the whole index, one small index per folder of
// originals with only that folder's images, paths relative to its own folder. The slice of
// `photos/` is `photos/renditions.json`; the index's own folder's is `renditions.slice.json`.

/** The folder of an image's path in the whole index: `photos` for `photos/a.jpg`, `` for `a.jpg`. */
export function sliceFolder(image) {
  const slash = image.lastIndexOf('/');
  return slash < 0 ? '' : image.slice(0, slash);
}

/** The slice that holds `image` (its path in the whole index), relative to the whole index's
 * folder: the file a page loads instead of the whole index. */
export function sliceFile(image, indexName = 'renditions.json') {
  const folder = sliceFolder(image);
  if (folder !== '') return `${folder}/${indexName}`;
  return `${indexName.endsWith('.json') ? indexName.slice(0, -'.json'.length) : indexName}.slice.json`;
}

/** A path a slice of `folder` gives, as the whole index gives it. One that is not well formed is
 * only joined, so that `untrusted` still refuses it. */
function unslicedPath(path, folder) {
  if (folder === '') return path;
  if (leadingParents(path) === null) return `${folder}/${path}`;
  const parts = [];
  for (const part of [...folder.split('/'), ...path.split('/')]) {
    if (part === '..' && parts.length && parts[parts.length - 1] !== '..') parts.pop();
    else parts.push(part);
  }
  return parts.join('/');
}

/** A slice of `folder` (its parsed JSON) as the whole index gives it: every path relative to the
 * whole index's folder, so every lookup answers as the whole index would. */
export function indexFromSlice(json, folder, base = '') {
  const images = {};
  for (const [image, record] of Object.entries(json?.images ?? {})) {
    const renditions = {};
    for (const [key, entry] of Object.entries(record?.renditions ?? {})) {
      renditions[key] = { ...entry, file: unslicedPath(entry?.file, folder) };
      if (Array.isArray(entry?.sources)) renditions[key].sources = entry.sources.map((s) => ({ ...s, file: unslicedPath(s?.file, folder) }));
    }
    images[unslicedPath(image, folder)] = { ...record, renditions };
  }
  return indexFrom({ ...json, images }, base);
}

/** Loads the index a page showing `image` needs: the slice of its folder beside the whole index at
 * `url`, else (no slice: the index is not split; or one that does not know the image) the whole index. */
export async function loadIndexFor(image, url = 'renditions.json') {
  const base = url.includes('/') ? url.slice(0, url.lastIndexOf('/') + 1) : '';
  try {
    const response = await fetch(base + sliceFile(image, url.slice(base.length)));
    if (response.ok) {
      const json = await response.json();
      if (!(json.schema > 1) && !json.slices && !json.shard) {
        const index = indexFromSlice(json, sliceFolder(image), base);
        if (index.images[image]) return index;
      }
    }
  } catch {
    // No slice here: the whole index answers.
  }
  return loadIndex(url);
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
 * that type, or its fallback when that one was not kept. Each URL ends in `query` (`?v=…`). */
export function widthSrcset(index, image, slot, type = null, query = '') {
  return candidates(index, image, slot).map((candidate) => {
    const file = (type && candidate.sources.find((s) => s.type === type)?.file) || candidate.file;
    return `${index.base}${urlPath(file)}${query} ${candidate.width}w`;
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

// What of an index may go into a page (Renditions' RenditionIndex+Trust): anyone may have edited
// it, and markup made of it runs in every reader's browser. An image with any other value is, for
// a page, one the index does not know.
const webPixels = [1, 1000000];
const webScales = [0.01, 100];

/** The number of leading `..` of a well-formed relative path; null for one that is empty,
 * absolute, has an empty, `.` or NUL-holding part, or a `..` after a name. */
function leadingParents(path) {
  if (typeof path !== 'string' || path === '') return null;
  let parents = 0;
  let named = false;
  for (const part of path.split('/')) {
    if (part === '' || part === '.' || part.includes('\0')) return null;
    if (part === '..') {
      if (named) return null;
      parents += 1;
    } else {
      named = true;
    }
  }
  return named ? parents : null;
}

/** A path the index could hold for `image`: relative, climbing no further than the image's own
 * path, with no backslash (a browser reads it as `/`) and no control character. */
function isWebPath(path, image) {
  const climbs = leadingParents(path);
  const allowed = leadingParents(image);
  return climbs !== null && allowed !== null && climbs <= allowed && !/[\\\x00-\x1f\x7f]/.test(path);
}

const isHex = (text, count) => typeof text === 'string' && text.length >= count && /^[0-9a-fA-F]*$/.test(text);
const isColor = (text) => typeof text === 'string' && text.length === 7 && text[0] === '#' && isHex(text.slice(1), 6);
const isKnownType = (type) => typeof type === 'string' && type.startsWith('image/') && mediaTypes.includes(type.slice(6));
const isPixels = (value) => Number.isInteger(value) && value >= webPixels[0] && value <= webPixels[1];

/** Why one entry must not be written into a page, or null. */
function untrustedEntry(entry, image) {
  if (!isWebPath(entry?.file, image)) return "names a file outside the index's folder";
  // 0×0 is how the index says an original's header could not be read; nothing else is 0.
  const unknownSize = entry.width === 0 && entry.height === 0 && entry.file === image;
  if (!unknownSize && !(isPixels(entry.width) && isPixels(entry.height))) return 'has a size that is not a whole number of pixels from 1 to 1,000,000';
  if (entry.type != null && !isKnownType(entry.type)) return 'has a type that is not a known image type';
  for (const source of entry.sources ?? []) {
    if (!isKnownType(source?.type)) return 'has a source type that is not a known image type';
    if (!isWebPath(source.file, image)) return "has a source outside the index's folder";
  }
  return null;
}

/** Why the index's record of `image`, or one of `slots`, must not be written into a page, or
 * null. Names the place, never the value (it may hold anything). */
export function untrusted(index, image, slots) {
  const record = index.images[image];
  if (!record) return null;
  if (!isWebPath(image, image)) return "its name is not a path inside the index's folder";
  if (record.recipe != null && !isHex(record.recipe, 8)) return 'its recipe is not a hexadecimal fingerprint';
  if (record.placeholder != null) {
    if (!isColor(record.placeholder.color)) return 'its placeholder colour is not #rrggbb';
    if (typeof record.placeholder.thumbhash !== 'string' || !thumbHashBytes(record.placeholder.thumbhash)) return 'its placeholder ThumbHash is not base64';
  }
  for (const key of Object.keys(record.renditions ?? {}).sort(byText)) {
    const problem = untrustedEntry(record.renditions[key], image);
    if (problem) return `its entry '${key}' ${problem}`;
  }
  for (const name of slots) {
    const scales = index.slots[name]?.scales;
    if (scales === undefined) continue;
    if (!Array.isArray(scales) || !scales.length || !scales.every((s) => typeof s === 'number' && s >= webScales[0] && s <= webScales[1])) {
      return `the slot '${name}' has a scale that is not between 0.01 and 100`;
    }
  }
  return null;
}

/** `?v=` and the first 8 hex digits of the image's recipe (of the original's SHA-256 for an image
 * without one); null when the index has neither. */
export function versionQuery(index, image) {
  const record = index.images[image];
  const fingerprint = record?.recipe ?? record?.sha256;
  return isHex(fingerprint, 8) ? `?v=${fingerprint.slice(0, 8).toLowerCase()}` : null;
}

export { thumbHashToRGBA, thumbHashAverage, thumbHashBytes, thumbHashHasAlpha };
