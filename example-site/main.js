// The example page: paint the placeholders (and write the markup of any image the build did not
// rewrite), then show what this page decodes at this screen's scale.
import { apply, loadIndex, resolve } from './renditions.js';

const index = await loadIndex('renditions.json');
apply(index);

/** Bytes decoded to show each image of the page from its original and from the entry for this
 * screen's scale: width × height × 4 each. */
function decodedBytes(images, screenScale) {
  let originals = 0;
  let shown = 0;
  for (const img of images) {
    const record = index.images[img.dataset.image];
    if (!record) continue;
    const chosen = resolve(index, img.dataset.image, img.dataset.slot, screenScale);
    originals += record.width * record.height * 4;
    shown += (chosen.kind === 'unknownSlot' ? record.width * record.height : chosen.width * chosen.height) * 4;
  }
  return { originals, renditions: shown };
}

const dpr = window.devicePixelRatio || 1;
const bytes = decodedBytes(document.querySelectorAll('img[data-image][data-slot]'), dpr);
const mib = (n) => `${(n / 1048576).toFixed(1)} MiB`;
document.querySelector('#dpr').textContent = `${dpr}×`;
document.querySelector('#from-originals').textContent = mib(bytes.originals);
document.querySelector('#from-renditions').textContent = mib(bytes.renditions);
document.querySelector('#ratio').textContent = bytes.renditions ? `${(bytes.originals / bytes.renditions).toFixed(0)}×` : '–';
