// The example page: apply the index, show the memory figure, and write what happened into the
// page (#findings) for the browser test.
import { apply, decodedBytes, loadIndex } from './renditions.js';

const index = await loadIndex('renditions.json');
const dpr = window.devicePixelRatio || 1;
apply(index, document, dpr);

const images = [...document.querySelectorAll('img[data-image][data-slot]')];
const pairs = images.map((img) => ({ image: img.dataset.image, slot: img.dataset.slot }));
const bytes = decodedBytes(index, pairs, dpr);
const mib = (n) => `${(n / 1048576).toFixed(1)} MiB`;
document.querySelector('#dpr').textContent = `${dpr}×`;
document.querySelector('#from-originals').textContent = mib(bytes.originals);
document.querySelector('#from-renditions').textContent = mib(bytes.renditions);
document.querySelector('#ratio').textContent = bytes.renditions ? `${(bytes.originals / bytes.renditions).toFixed(0)}×` : '–';

const settled = images.map((img) => img.complete ? Promise.resolve() : new Promise((done) => {
  img.addEventListener('load', done, { once: true });
  img.addEventListener('error', done, { once: true });
}));
await Promise.all(settled);

// naturalWidth of an image picked from srcset is divided by its density; load the file the
// browser chose on its own to learn its real pixels.
function pixelsOf(url) {
  return new Promise((done) => {
    const probe = new Image();
    probe.onload = () => done([probe.naturalWidth, probe.naturalHeight]);
    probe.onerror = () => done([0, 0]);
    probe.src = url;
  });
}

const findings = {
  devicePixelRatio: dpr,
  decodedBytes: bytes,
  images: await Promise.all(images.map(async (img) => {
    const [pixelWidth, pixelHeight] = await pixelsOf(img.currentSrc || img.src);
    return {
      image: img.dataset.image,
      slot: img.dataset.slot,
      scale: Number(img.dataset.scale),
      src: img.currentSrc || img.src,
      width: Number(img.getAttribute('width')),
      height: Number(img.getAttribute('height')),
      naturalWidth: pixelWidth,
      naturalHeight: pixelHeight,
      loaded: img.complete && img.naturalWidth > 0,
    };
  })),
};
const out = document.querySelector('#findings');
out.textContent = JSON.stringify(findings);
out.dataset.done = 'true';
