// The web runtime client of thumbgen's index (renditions.json), with the rules of the Swift
// `Renditions` library: the (slot, scale) entry when the index has it; the original's own path for
// an image it does not know, so a page never shows a broken image; width and height from the
// index, so the layout does not shift while images load. No dependencies.

/** Loads the index; paths in it are relative to its own URL. */
export async function loadIndex(url = 'renditions.json') {
  const base = new URL(url, document.baseURI);
  try {
    const response = await fetch(base);
    if (!response.ok) throw new Error(`${response.status}`);
    const index = await response.json();
    if (index.schema > 1) throw new Error(`index schema ${index.schema} is newer than this client`);
    return { ...index, base };
  } catch (error) {
    console.warn(`thumbgen: no usable index at ${base}: ${error.message}; showing originals`);
    return { images: {}, slots: {}, base };
  }
}

/** `thumb@2x`, `card@1.5x`: the index's entry key. */
export function entryKey(slot, scale) {
  return `${slot}@${Number.isInteger(scale) ? scale : String(scale)}x`;
}

/** The scale to show a slot at on a screen of `devicePixelRatio`: the smallest the slot lists that
 * is at least the ratio, else the largest. */
export function scaleFor(index, slot, devicePixelRatio) {
  const scales = [...(index.slots[slot]?.scales ?? [1])].sort((a, b) => a - b);
  return scales.find((scale) => scale >= devicePixelRatio - 1e-6) ?? scales[scales.length - 1];
}

/** A file path from the index as a URL, escaping what paths may hold (spaces, #, ?, %). */
export function urlFor(index, file) {
  const escaped = file.split('/').map(encodeURIComponent).join('/');
  return new URL(escaped, index.base).href;
}

/** What to show for an image in a slot on this screen: src, srcset, the size in CSS pixels
 * (the entry's pixels divided by its scale), and the entry. */
export function resolve(index, image, slot, devicePixelRatio) {
  const record = index.images[image];
  const scale = scaleFor(index, slot, devicePixelRatio);
  const entry = record?.renditions[entryKey(slot, scale)];
  if (!entry) return { src: urlFor(index, image), srcset: '', scale, entry: null };
  const candidates = (index.slots[slot]?.scales ?? [])
    .map((s) => [s, record.renditions[entryKey(slot, s)]])
    .filter(([, e]) => e)
    .map(([s, e]) => `${urlFor(index, e.file)} ${s}x`);
  return {
    src: urlFor(index, entry.file), srcset: candidates.join(', '),
    width: Math.round(entry.width / scale), height: Math.round(entry.height / scale), scale, entry,
  };
}

/** Sets src, srcset, width and height on every `<img data-image data-slot>` under `root`. */
export function apply(index, root = document, devicePixelRatio = window.devicePixelRatio || 1) {
  for (const img of root.querySelectorAll('img[data-image][data-slot]')) {
    const choice = resolve(index, img.dataset.image, img.dataset.slot, devicePixelRatio);
    if (choice.width) {
      img.width = choice.width;
      img.height = choice.height;
    }
    if (choice.srcset) img.srcset = choice.srcset;
    img.src = choice.src;
    img.dataset.scale = String(choice.scale);
  }
}

/** Bytes decoded to show `images` (pairs of image and slot) from the originals and from what the
 * index gives on this screen: width × height × 4 each. */
export function decodedBytes(index, images, devicePixelRatio) {
  let originals = 0;
  let shown = 0;
  for (const { image, slot } of images) {
    const record = index.images[image];
    if (!record) continue;
    const entry = resolve(index, image, slot, devicePixelRatio).entry;
    originals += record.width * record.height * 4;
    shown += (entry ? entry.width * entry.height : record.width * record.height) * 4;
  }
  return { originals, renditions: shown };
}
