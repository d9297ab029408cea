// renditions.js against the shared client cases (Clients/cases.json), the same table the Swift tests
// read: the same index and questions, the same answers. Run: node --test Clients/web/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as client from './renditions.js';

const cases = JSON.parse(readFileSync(new URL('../cases.json', import.meta.url), 'utf8'));
const index = client.indexFrom(cases.index, '');

test('resolve: file, scale, pixel size, type and kind', () => {
  for (const { image, slot, scale, expect } of cases.resolve) {
    const found = client.resolve(index, image, slot, scale);
    assert.deepEqual(
      { file: found.file, scale: found.scale, pixelWidth: found.width, pixelHeight: found.height, type: found.type, kind: found.kind },
      expect, `${image} ${slot}@${scale}`);
  }
});

test('the best file for a set of accepted types', () => {
  for (const { image, slot, scale, types, expect } of cases.accepting) {
    const found = client.resolve(index, image, slot, scale);
    const source = found.sources.find((s) => types.includes(s.type));
    assert.deepEqual(source ? { file: source.file, type: source.type } : { file: found.file, type: found.type }, expect, `${image} ${slot}`);
  }
});

test('srcset, sizes, CSS size and source types', () => {
  for (const { image, slot, expect } of cases.web) {
    const types = client.sourceTypes(index, image, slot);
    assert.deepEqual({
      srcset: client.widthSrcset(index, image, slot), sizes: client.sizes(index, image, slot),
      cssSize: client.cssSize(index, image, slot), sourceTypes: types,
      sourceSrcsets: Object.fromEntries(types.map((t) => [t, client.widthSrcset(index, image, slot, t)])),
    }, expect, `${image} ${slot}`);
  }
});

/** The options a markup case gives: the image and slot the pages side resolved (else the tag's
 * data-image and data-slot), the element, and the manifest's web settings. */
const options = (question) => ({ image: question.image, slot: question.slot, element: question.element, ...question.web });

test('markup and warnings', () => {
  for (const question of cases.markup) {
    assert.deepEqual(client.markup(client.indexFrom(cases.index, question.base), question.attributes, options(question)),
      question.expect, JSON.stringify(question.attributes));
  }
});

/** The attributes of the last start tag of `html`, as a parser gives them (thumbgen writes only
 * `name` and `name="value"`). */
function lastTagAttributes(html) {
  const tags = [...html.matchAll(/<([a-z][a-z0-9-]*)((?: [^ =>"]+(?:="[^"]*")?)*)>/g)];
  const [, name, text] = tags[tags.length - 1];
  const decode = (value) => value.replaceAll('&quot;', '"').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
  return { name, attributes: [...text.matchAll(/ ([^ =>"]+)(?:="([^"]*)")?/g)].map(([, n, value = '']) => [n, decode(value)]) };
}

test('markup is its own fixed point: the author attributes it recovers give it again', () => {
  for (const question of cases.markup.filter((q) => q.expect.html !== null)) {
    const { attributes } = lastTagAttributes(question.expect.html);
    const again = client.markup(client.indexFrom(cases.index, question.base), attributes, { ...options(question), image: undefined });
    assert.equal(again.html, question.expect.html, JSON.stringify(question.attributes));
  }
});

test('the author attributes a mark gives back', () => {
  for (const { element, attributes, expect } of cases.author) {
    assert.deepEqual(client.authorAttributes(attributes, element), expect, JSON.stringify(attributes));
  }
});

test('a <picture data-thumbgen> is replaced only when it holds what thumbgen writes', () => {
  for (const { attributes, children, expect, about } of cases.ownPicture) {
    assert.equal(client.isOwnPicture(attributes, children), expect, about);
  }
});

test('ThumbHash decoding', () => {
  for (const { base64, expect } of cases.thumbhash) {
    const bytes = client.thumbHashBytes(base64);
    const image = bytes && client.thumbHashToRGBA(bytes);
    assert.deepEqual(image ? {
      width: image.width, height: image.height, rgba: Buffer.from(image.rgba).toString('base64'),
      average: client.thumbHashAverage(bytes),
    } : null, expect, base64);
  }
});

test('the slice that holds an image', () => {
  for (const { image, indexName, expect } of cases.slices.files) {
    assert.equal(client.sliceFile(image, indexName ?? cases.slices.indexName), expect, image);
  }
});

/** The index a page showing `image` loads: the slice of its folder, as the whole index gives it,
 * else the whole index (loadIndexFor's rule, without fetch). */
function indexFor(image) {
  const json = cases.slices.indexes[client.sliceFile(image, cases.slices.indexName)];
  const slice = json && client.indexFromSlice(json, client.sliceFolder(image), '');
  return slice?.images[image] ? slice : index;
}

test('every resolve, accepting and web answer is the same from the slice of the image', () => {
  for (const { image, slot, scale, expect } of cases.resolve) {
    const found = client.resolve(indexFor(image), image, slot, scale);
    assert.deepEqual(
      { file: found.file, scale: found.scale, pixelWidth: found.width, pixelHeight: found.height, type: found.type, kind: found.kind },
      expect, `${image} ${slot}@${scale}`);
  }
  for (const { image, slot, scale, types, expect } of cases.accepting) {
    const found = client.resolve(indexFor(image), image, slot, scale);
    const source = found.sources.find((s) => types.includes(s.type));
    assert.deepEqual(source ? { file: source.file, type: source.type } : { file: found.file, type: found.type }, expect, `${image} ${slot}`);
  }
  for (const { image, slot, expect } of cases.web) {
    const sliced = indexFor(image);
    assert.equal(client.widthSrcset(sliced, image, slot), expect.srcset, `${image} ${slot}`);
    assert.equal(client.sizes(sliced, image, slot), expect.sizes, `${image} ${slot}`);
    assert.deepEqual(client.cssSize(sliced, image, slot), expect.cssSize, `${image} ${slot}`);
    assert.deepEqual(client.sourceTypes(sliced, image, slot), expect.sourceTypes, `${image} ${slot}`);
  }
});

test('a slice gives back the whole index: every image of its folder, every path as the whole index names it', () => {
  const whole = {};
  for (const [file, json] of Object.entries(cases.slices.indexes)) {
    const folder = file.endsWith('.slice.json') ? '' : file.slice(0, file.lastIndexOf('/'));
    Object.assign(whole, client.indexFromSlice(json, folder).images);
  }
  // The hostile absolute path cannot come back (it is no path thumbgen writes), and stays untrusted.
  const { 'hostile/absolute.jpg': absolute, ...rest } = whole;
  const { 'hostile/absolute.jpg': original, ...expected } = cases.index.images;
  assert.deepEqual(rest, expected);
  assert.notEqual(client.untrusted(client.indexFrom({ ...cases.index, images: { 'hostile/absolute.jpg': absolute } }), 'hostile/absolute.jpg', []), null);
  assert.ok(original);
});

test('loadIndexFor fetches the slice, and the whole index when there is none', async () => {
  const fetched = [];
  const served = { 'media/photos/renditions.json': cases.slices.indexes['photos/renditions.json'], 'media/renditions.json': cases.index };
  const saved = globalThis.fetch;
  globalThis.fetch = async (url) => {
    fetched.push(url);
    return served[url] ? { ok: true, status: 200, json: async () => served[url] } : { ok: false, status: 404 };
  };
  try {
    const sliced = await client.loadIndexFor('photos/lake.jpg', 'media/renditions.json');
    assert.deepEqual(fetched, ['media/photos/renditions.json']);
    assert.deepEqual(Object.keys(sliced.images).sort(), ['photos/lake.jpg', 'photos/partial.jpg', 'photos/square.jpg']);
    assert.equal(sliced.base, 'media/');
    const whole = await client.loadIndexFor('icons/icon.png', 'media/renditions.json');
    assert.deepEqual(fetched.slice(1), ['media/icons/renditions.json', 'media/renditions.json']);
    assert.equal(Object.keys(whole.images).length, Object.keys(cases.index.images).length);
  } finally {
    globalThis.fetch = saved;
  }
});
