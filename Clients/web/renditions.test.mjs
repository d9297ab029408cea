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
