/**
 * The `$ref` resolver Spectral lints our documents with (`spectral lint --resolver`): its default
 * file resolver, without the cache of looked-up files.
 *
 * Why: json-ref-resolver memoizes each file it looks up, and every later lookup of that file
 * appends the referring file to the same cached runner's `uriStack`. Once a shared file (the
 * `Unauthorized` response) has been referred to by about 100 path files, the stack reaches the
 * resolver's circular-reference limit (100) and the `$ref`s inside that file stay unresolved in
 * the last path files linted: false `hd-*` errors such as "`401` body must be an object"
 * (stoplightio/spectral#2640 is the same symptom). Without the cache every lookup gets a fresh
 * runner whose stack is its own chain of files; the documents are read a few hundred times
 * more, which the lint's time barely notices.
 */
const { Resolver } = require('@stoplight/spectral-ref-resolver');
const { resolveFile } = require('@stoplight/json-ref-readers');

/** A cache that keeps nothing: memoized lookups always run. */
const noCache = {
  get stats() {
    return { hits: 0, misses: 0 };
  },
  get() {
    return undefined;
  },
  set() {},
  has() {
    return false;
  },
  purge() {},
};

module.exports = new Resolver({ resolvers: { file: { resolve: resolveFile } }, uriCache: noCache });
