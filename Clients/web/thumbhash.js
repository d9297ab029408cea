// ThumbHash decoding for renditions.js: the reference decoder's arithmetic (Evan Wallace's
// ThumbHash), step for step, so that it gives the bytes the Swift `Renditions` library gives
// (Clients/cases.json holds both to it). Returns null for a malformed hash: an index is
// untrusted input.

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Base64 (padded or not) to bytes; null for any other character. */
export function thumbHashBytes(text) {
  const values = [];
  for (const char of text ?? '') {
    if (char === '=') continue;
    const value = alphabet.indexOf(char);
    if (value < 0) return null;
    values.push(value);
  }
  if (values.length % 4 === 1) return null;
  const bytes = [];
  for (let i = 0; i < values.length; i += 4) {
    const group = values.slice(i, i + 4);
    const value = group.reduce((sum, v, k) => sum | (v << (18 - 6 * k)), 0);
    for (let k = 0; k < group.length - 1; k++) bytes.push((value >> (16 - 8 * k)) & 255);
  }
  return bytes;
}

/** The constant terms and sizes at the start of every hash; null when too short. */
function header(hash) {
  if (!hash || hash.length < 5) return null;
  const header24 = hash[0] | (hash[1] << 8) | (hash[2] << 16);
  const header16 = hash[3] | (hash[4] << 8);
  const hasAlpha = (header24 >> 23) !== 0;
  if (hasAlpha && hash.length < 6) return null;
  const isLandscape = (header16 >> 15) !== 0;
  const limit = hasAlpha ? 5 : 7;
  const ratioX = isLandscape ? limit : header16 & 7;
  const ratioY = isLandscape ? header16 & 7 : limit;
  if (!ratioX || !ratioY) return null;
  return {
    lDC: (header24 & 63) / 63, pDC: ((header24 >> 6) & 63) / 31.5 - 1, qDC: ((header24 >> 12) & 63) / 31.5 - 1,
    lScale: ((header24 >> 18) & 31) / 31, pScale: ((header16 >> 3) & 63) / 63, qScale: ((header16 >> 9) & 63) / 63,
    hasAlpha, ratio: ratioX / ratioY, lx: Math.max(3, ratioX), ly: Math.max(3, ratioY),
    aDC: hasAlpha ? (hash[5] & 15) / 15 : 1, aScale: hasAlpha ? (hash[5] >> 4) / 15 : 0, acStart: hasAlpha ? 6 : 5,
  };
}

/** True when the hash says the image has transparent pixels. */
export function thumbHashHasAlpha(hash) {
  return header(hash)?.hasAlpha ?? false;
}

/** The average colour a hash holds, channels 0...1, straight alpha. */
export function thumbHashAverage(hash) {
  const h = header(hash);
  if (!h) return null;
  const b = h.lDC - 2 / 3 * h.pDC;
  const r = (3 * h.lDC - b + h.qDC) / 2;
  const g = r - h.qDC;
  const clamp = (v) => Math.max(0, Math.min(1, v));
  return { red: clamp(r), green: clamp(g), blue: clamp(b), alpha: h.aDC };
}

/** The hash as a small picture: `{ width, height, rgba }`, about 32 pixels on its longer side. */
export function thumbHashToRGBA(hash) {
  const h = header(hash);
  if (!h) return null;
  let acIndex = 0;
  const channel = (nx, ny, scale) => {
    const terms = [];
    for (let cy = 0; cy < ny; cy++) {
      for (let cx = cy ? 0 : 1; cx * ny < nx * (ny - cy); cx++, acIndex++) {
        const byte = h.acStart + (acIndex >> 1);
        if (byte >= hash.length) return null;
        terms.push((((hash[byte] >> ((acIndex & 1) << 2)) & 15) / 7.5 - 1) * scale);
      }
    }
    return terms;
  };
  // The chroma terms are boosted 1.25x to make up for quantisation, as the reference does.
  const lAC = channel(h.lx, h.ly, h.lScale);
  const pAC = channel(3, 3, h.pScale * 1.25);
  const qAC = channel(3, 3, h.qScale * 1.25);
  const aAC = h.hasAlpha ? channel(5, 5, h.aScale) : [];
  if (!lAC || !pAC || !qAC || !aAC) return null;

  const w = Math.round(h.ratio > 1 ? 32 : 32 * h.ratio);
  const ht = Math.round(h.ratio > 1 ? 32 / h.ratio : 32);
  const rgba = new Uint8Array(w * ht * 4);
  const fx = [], fy = [];
  for (let y = 0, i = 0; y < ht; y++) {
    for (let x = 0; x < w; x++, i += 4) {
      let l = h.lDC, p = h.pDC, q = h.qDC, a = h.aDC;
      for (let cx = 0, n = Math.max(h.lx, h.hasAlpha ? 5 : 3); cx < n; cx++) fx[cx] = Math.cos(Math.PI / w * (x + 0.5) * cx);
      for (let cy = 0, n = Math.max(h.ly, h.hasAlpha ? 5 : 3); cy < n; cy++) fy[cy] = Math.cos(Math.PI / ht * (y + 0.5) * cy);
      for (let cy = 0, j = 0; cy < h.ly; cy++) {
        for (let cx = cy ? 0 : 1, fy2 = fy[cy] * 2; cx * h.ly < h.lx * (h.ly - cy); cx++, j++) l += lAC[j] * fx[cx] * fy2;
      }
      for (let cy = 0, j = 0; cy < 3; cy++) {
        for (let cx = cy ? 0 : 1, fy2 = fy[cy] * 2; cx < 3 - cy; cx++, j++) {
          const f = fx[cx] * fy2;
          p += pAC[j] * f;
          q += qAC[j] * f;
        }
      }
      if (h.hasAlpha) {
        for (let cy = 0, j = 0; cy < 5; cy++) {
          for (let cx = cy ? 0 : 1, fy2 = fy[cy] * 2; cx < 5 - cy; cx++, j++) a += aAC[j] * fx[cx] * fy2;
        }
      }
      const b = l - 2 / 3 * p;
      const r = (3 * l - b + q) / 2;
      const g = r - q;
      // A Uint8Array truncates, as in the reference.
      rgba[i] = Math.max(0, 255 * Math.min(1, r));
      rgba[i + 1] = Math.max(0, 255 * Math.min(1, g));
      rgba[i + 2] = Math.max(0, 255 * Math.min(1, b));
      rgba[i + 3] = Math.max(0, 255 * Math.min(1, a));
    }
  }
  return { width: w, height: ht, rgba };
}
