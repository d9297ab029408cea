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

test('markup and warnings', () => {
  for (const { base, attributes, expect } of cases.markup) {
    assert.deepEqual(client.markup(client.indexFrom(cases.index, base), attributes), expect, JSON.stringify(attributes));
  }
});

test('markup is its own fixed point: the author attributes it recovers give it again', () => {
  for (const { base, expect } of cases.markup) {
    const attributes = [...expect.html.matchAll(/<img((?: [a-z-]+(?:="[^"]*")?)*)>/g)][0][1]
      .matchAll(/ ([a-z-]+)(?:="([^"]*)")?/g);
    const pairs = [...attributes].map(([, name, value = '']) => [name, value.replaceAll('&quot;', '"').replaceAll('&amp;', '&')]);
    assert.equal(client.markup(client.indexFrom(cases.index, base), pairs).html, expect.html);
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
