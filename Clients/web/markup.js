// The markup `thumbgen html` writes for one tag (ThumbgenKit's TagMarkup, ImgMarkup,
// BackgroundMarkup, ThumbgenMark), byte for byte: Clients/cases.json holds both to it.
//
//   <img … data-image="photos/a.jpg" src="…?v=…" srcset="… 600w, …" sizes="300px" width="300"
//        height="200" loading="lazy" decoding="async" style="background-image:linear-gradient(#c,#c);…"
//        data-thumbhash="…" data-thumbgen="src srcset sizes width height loading decoding style data-thumbhash">
//
// inside <picture data-thumbgen> with its <source> tags when there is a modern file or art direction.
import {
  cssSize, resolve, sourceTypes, untrusted, urlPath, versionQuery, widthSrcset,
} from './renditions.js';
import { thumbHashBytes, thumbHashHasAlpha, thumbHashToRGBA } from './thumbhash.js';

// The attribute that marks a rewritten tag and lists the attributes thumbgen wrote there.
const markName = 'data-thumbgen';
const placeholderStart = 'background-image:linear-gradient(#';
const backgroundStart = "background-image:url('";
const ownOrder = ['src', 'srcset', 'sizes', 'width', 'height', 'loading', 'decoding', 'fetchpriority', 'style', 'data-thumbhash'];
const sourceAttributes = ['media', 'type', 'srcset', 'sizes', 'width', 'height'];

const asciiLower = (text) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());
const format = (value) => String(value);
const escape = (text) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const attribute = ([name, value]) => (value === '' ? ` ${name}` : ` ${name}="${escape(value)}"`);
const startTag = (name, attributes) => `<${name}${attributes.map(attribute).join('')}>`;
const fileURL = (index, file, query) => `${index.base}${urlPath(file)}${query}`;
const htmlSpace = /[ \t\n\r\f]/;
const trim = (text) => text.replace(/^[ \t\n\r\f]+|[ \t\n\r\f]+$/g, '');

/** `url('…')` with the characters that could end a CSS string percent-escaped. */
function cssURL(url) {
  let out = '';
  for (const char of url) {
    const code = char.codePointAt(0);
    out += char === "'" || char === '"' || char === '\\' || code < 0x20 || code === 0x7f ? `%${code.toString(16).toUpperCase().padStart(2, '0')}` : char;
  }
  return `url('${out}')`;
}

/** `hero`, or `(max-width: 600px) hero-tall, hero`, as `[{ media, slot }]` (media null on the
 * last); null when it is neither. */
export function artDirection(text) {
  const entries = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '(') depth += 1;
    else if (text[i] === ')') depth = Math.max(0, depth - 1);
    else if (text[i] === ',' && depth === 0) { entries.push(trim(text.slice(start, i))); start = i + 1; }
  }
  entries.push(trim(text.slice(start)));
  const choices = [];
  for (const [position, entry] of entries.entries()) {
    const words = entry.split(htmlSpace).filter(Boolean);
    const last = words[words.length - 1];
    if (!last || !/^[A-Za-z0-9_-]+$/.test(last)) return null;
    const media = trim(entry.slice(0, entry.length - last.length));
    if ((media === '') !== (position === entries.length - 1)) return null;
    choices.push({ media: media === '' ? null : media, slot: last });
  }
  return choices;
}

/** The author's part of a style thumbgen added to, or null when nothing precedes thumbgen's. */
function authorStyle(style, ownStart) {
  const own = style.lastIndexOf(ownStart);
  if (own < 0) return style;
  let author = style.slice(0, own);
  if (author.endsWith(';')) author = author.slice(0, -1);
  return author === '' ? null : author;
}

/** The author's attributes of a tag thumbgen may have written: without those its mark lists. */
export function authorAttributes(attributes, element = 'img') {
  const mark = attributes.find(([name]) => name === markName)?.[1];
  if (mark === undefined) return attributes;
  const listed = mark.split(/[ \t\n]/).filter(Boolean);
  const ownStart = element === 'img' ? placeholderStart : backgroundStart;
  const kept = [];
  for (const [name, value] of attributes) {
    if (name === markName) continue;
    if (name === 'style' && listed.includes('style')) {
      const author = authorStyle(value, ownStart);
      if (author !== null) kept.push(['style', author]);
    } else if (!listed.includes(name)) {
      kept.push([name, value]);
    }
  }
  return kept;
}

/** True when a `<picture>` (its attributes, and its child nodes as `[name, attributes]`, text as
 * `#text`) holds exactly what thumbgen writes. */
export function isOwnPicture(attributes, children) {
  const img = children[children.length - 1];
  if (attributes.length !== 1 || attributes[0][0] !== markName || attributes[0][1] !== '' || !img || img[0] !== 'img'
    || !img[1].some(([n]) => n === markName) || !img[1].some(([n]) => n === 'data-image')) return false;
  return children.slice(0, -1).every(([name, attrs]) => {
    const names = attrs.map(([n]) => n);
    return name === 'source' && names.includes('srcset') && new Set(names).size === names.length && names.every((n) => sourceAttributes.includes(n));
  });
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

/** The tag's slots as `[{ media, slot }]` when the index can place the image in every one with
 * values a page may carry; else `{ problem }`. */
function check(index, image, slot, element) {
  if (!index.images[image]) return { problem: `no image '${image}' in the index${hint(image, Object.keys(index.images).sort())}; the page shows it as it is` };
  const shows = `the page shows '${image}' as it is`;
  if (!/^[a-z][a-z0-9-]*$/.test(element)) return { problem: `<${element}> is not an element thumbgen writes; ${shows}` };
  const direction = index.slots[slot] ? [{ media: null, slot }] : artDirection(slot);
  if (!direction) {
    return { problem: `data-slot '${slot}' is neither a slot nor art direction like '(max-width: 600px) hero-tall, hero' (a media condition before every slot but the last); ${shows}` };
  }
  if (element !== 'img' && direction.length > 1) return { problem: `art direction ('${slot}') needs an <img>; a <${element}> background takes one slot; ${shows}` };
  for (const { slot: name } of direction) {
    if (!index.slots[name]) return { problem: `no slot '${name}' in the index${hint(name, Object.keys(index.slots).sort())}; ${shows}` };
    if (resolve(index, image, name, 1).kind === 'unknownSlot') return { problem: `'${image}' has no '${name}' entries in the index; the page shows it as it is` };
  }
  const bad = untrusted(index, image, direction.map((choice) => choice.slot));
  if (bad) return { problem: `the index's record of '${image}' may not go into a page: ${bad}; ${shows} (build again to mend the index)` };
  return { direction };
}

/** An author's `width` or `height` as HTML reads it, when it is from 1 to 1,000,000. */
function pixels(text) {
  if (text === undefined) return null;
  const digits = /^[0-9]*/.exec(trim(text))[0];
  if (!digits || digits.length > 7) return null;
  const value = Number(digits);
  return value >= 1 && value <= 1000000 ? value : null;
}

/** The `<img>`, alone or in its `<picture data-thumbgen>`. */
function imgMarkup(index, image, direction, author, web) {
  const value = (name) => author.find(([n]) => n === name)?.[1];
  const query = web.versioned ? versionQuery(index, image) ?? '' : '';
  const loading = value('loading') === undefined ? undefined : asciiLower(value('loading'));
  const lazy = loading === undefined || loading === 'lazy';
  const slotSizes = (slot, css, authorWidth) => {
    const computed = index.slots[slot]?.sizes ?? (authorWidth !== null ? `${authorWidth}px` : `${format(css.width)}px`);
    // No `auto, ` before it: Chromium takes `auto` for a width past the content box and fetches
    // the next file up (the generator sites' browser checks); the computed value picks the fit.
    return computed;
  };
  const slot = direction[direction.length - 1].slot;
  const css = cssSize(index, image, slot);
  const own = [['src', fileURL(index, resolve(index, image, slot, 1).file, query)]];
  const imgSizes = value('sizes') ?? (css ? slotSizes(slot, css, pixels(value('width'))) : undefined);
  if (css) {
    own.push(['srcset', widthSrcset(index, image, slot, null, query)]);
    if (value('sizes') === undefined) own.push(['sizes', imgSizes]);
    own.push(...dimensions(css, value('width'), value('height')));
  }
  if (loading === undefined) own.push(['loading', 'lazy']);
  if (loading !== 'eager' && value('decoding') === undefined) own.push(['decoding', 'async']);
  if (loading === 'eager' && value('fetchpriority') === undefined) own.push(['fetchpriority', 'high']);
  const kept = author.filter(([name]) => !['src', 'srcset', 'data-thumbhash', markName].includes(name))
    .map(([name, v]) => (name === 'data-image' ? ['data-image', image] : [name, v]));
  const listed = placeholder(index, image, web, kept, own);
  listed.push(...own.map(([name]) => name));
  if (!kept.some(([name]) => name === 'data-image')) own.unshift(['data-image', image]);
  own.push([markName, ownOrder.filter((name) => listed.includes(name)).join(' ')]);
  const img = startTag('img', [...kept, ...own]);
  const sources = css ? pictureSources(index, image, direction, value('sizes'), imgSizes, slotSizes, query) : [];
  return sources.length ? `<picture ${markName}>${sources.join('')}${img}</picture>` : img;
}

/** Adds the placeholder to `kept` or `own`; `['style']` when it extended the author's style. */
function placeholder(index, image, web, kept, own) {
  const record = index.images[image].placeholder;
  if (web.placeholder === 'none' || !record) return [];
  const extended = [];
  const bytes = thumbHashBytes(record.thumbhash);
  if (web.placeholder === 'color' && bytes && !thumbHashHasAlpha(bytes)) {
    const declarations = `background-image:linear-gradient(${record.color},${record.color});background-origin:content-box;background-repeat:no-repeat`;
    const empty = kept.findIndex(([name, v]) => name === 'style' && v === '');
    if (empty >= 0) kept.splice(empty, 1);
    const style = kept.find(([name]) => name === 'style');
    if (style) {
      style[1] = `${style[1]};${declarations}`;
      extended.push('style');
    } else {
      own.push(['style', declarations]);
    }
  }
  own.push(['data-thumbhash', record.thumbhash]);
  return extended;
}

/** `width` and `height` but those the author gave; one the author gave sets the other. */
function dimensions(css, width, height) {
  const whole = [String(Math.floor(css.width)), String(Math.floor(css.height))];
  if (width === undefined && height === undefined) return [['width', whole[0]], ['height', whole[1]]];
  if (width !== undefined && height === undefined) {
    const w = pixels(width);
    return w !== null && css.width > 0 ? [['height', String(Math.round(w * css.height / css.width))]] : [];
  }
  if (width === undefined) {
    const h = pixels(height);
    return h !== null && css.height > 0 ? [['width', String(Math.round(h * css.width / css.height))]] : [];
  }
  return [];
}

/** The `<source>` tags: per art-directed slot, one per modern type and one without; then the
 * `<img>`'s slot's, one per modern type. */
function pictureSources(index, image, direction, authorSizes, imgSizes, slotSizes, query) {
  const sources = [];
  for (const { media, slot } of direction.slice(0, -1)) {
    const css = cssSize(index, image, slot);
    if (!css || media === null) continue;
    const sizes = authorSizes ?? slotSizes(slot, css, null);
    for (const type of [...sourceTypes(index, image, slot), null]) {
      sources.push(startTag('source', [['media', media], ...(type ? [['type', type]] : []),
        ['srcset', widthSrcset(index, image, slot, type, query)], ['sizes', sizes],
        ['width', String(Math.floor(css.width))], ['height', String(Math.floor(css.height))]]));
    }
  }
  const slot = direction[direction.length - 1].slot;
  for (const type of sourceTypes(index, image, slot)) {
    sources.push(startTag('source', [['type', type], ['srcset', widthSrcset(index, image, slot, type, query)], ['sizes', imgSizes]]));
  }
  return sources;
}

/** The new start tag of a background: `background-image:url(…)`, then `image-set(…)`. */
function backgroundMarkup(index, image, slot, element, author, web) {
  const query = web.versioned ? versionQuery(index, image) ?? '' : '';
  const url = (file) => cssURL(fileURL(index, file, query));
  let declarations = `background-image:${url(resolve(index, image, slot, 1).file)}`;
  const files = [];
  for (const scale of [...(index.slots[slot]?.scales ?? [])].sort((a, b) => a - b)) {
    const entry = index.images[image].renditions[`${slot}@${format(scale)}x`];
    if (entry && !files.some((f) => f.entry.file === entry.file)) files.push({ scale, entry });
  }
  const candidates = [];
  for (const type of sourceTypes(index, image, slot)) {
    for (const { scale, entry } of files) {
      const source = entry.sources?.find((s) => s.type === type);
      if (source) candidates.push(`${url(source.file)} type('${type}') ${format(scale)}x`);
    }
  }
  candidates.push(...files.map(({ scale, entry }) => `${url(entry.file)} ${format(scale)}x`));
  if (candidates.length > 1) declarations += `;background-image:image-set(${candidates.join(', ')})`;
  const kept = author.filter(([name, v]) => name !== markName && !(name === 'style' && v === ''))
    .map(([name, v]) => (name === 'data-image' ? ['data-image', image] : [name, v]));
  const own = [];
  if (!kept.some(([name]) => name === 'data-image')) own.push(['data-image', image]);
  const style = kept.find(([name]) => name === 'style');
  if (style) style[1] = `${style[1]};${declarations}`;
  else own.push(['style', declarations]);
  own.push([markName, 'style']);
  return startTag(element, [...kept, ...own]);
}

/** The markup for a tag whose attributes are `attributes` (`[name, value]` in page order):
 * `{ html, warning }`, html null when the tag stays as it is. `options`: `image` (an index key)
 * and `slot` (as written; art direction allowed), by default the tag's `data-image` and
 * `data-slot`; `element` (`img`, else a background); `versioned` (true) and `placeholder`
 * (`color`, `data` or `none`), the manifest's `web:` settings. Paths start with `index.base`. */
export function markup(index, attributes, options = {}) {
  const value = (name) => attributes.find(([n]) => n === name)?.[1];
  const { image = value('data-image') ?? '', slot = value('data-slot') ?? '', element = 'img' } = options;
  const web = { versioned: options.versioned ?? true, placeholder: options.placeholder ?? 'color' };
  const { direction, problem } = check(index, image, slot, element);
  if (problem) return { html: null, warning: problem };
  const author = authorAttributes(attributes, element);
  const html = element === 'img' ? imgMarkup(index, image, direction, author, web)
    : backgroundMarkup(index, image, direction[0].slot, element, author, web);
  return { html, warning: null };
}

/** In a browser: writes the markup for every `<img data-image data-slot>` under `root` that has
 * none yet (a page `thumbgen html` rewrote keeps its own), warns about what the index lacks, and
 * paints each placeholder until its image loads. */
export function apply(index, root = document) {
  for (const img of root.querySelectorAll('img[data-image][data-slot]:not([data-thumbgen])')) {
    if (img.parentElement?.matches('picture')) continue;
    const { html, warning } = markup(index, [...img.attributes].map((a) => [a.name, a.value]));
    if (warning) console.warn(`thumbgen: ${warning}`);
    if (html !== null) img.outerHTML = html;
  }
  for (const img of root.querySelectorAll('img[data-thumbgen][data-thumbhash]')) paintPlaceholder(img);
}

/** The decoded ThumbHash over the content box until the image loads; then the page's own again
 * (the colour layer stays under opaque images, which cover it). */
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
  const keys = ['backgroundImage', 'backgroundSize', 'backgroundOrigin', 'backgroundRepeat'];
  const saved = keys.map((key) => img.style[key]);
  Object.assign(img.style, { backgroundImage: `url(${canvas.toDataURL()})`, backgroundSize: '100% 100%', backgroundOrigin: 'content-box', backgroundRepeat: 'no-repeat' });
  img.addEventListener('load', () => keys.forEach((key, i) => { img.style[key] = saved[i]; }), { once: true });
}
