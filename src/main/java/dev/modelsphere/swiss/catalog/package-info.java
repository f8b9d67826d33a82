/**
 * The model catalog: a static tree of an {@code index.json} listing plus one immutable YAML
 * document per published model version, read from a directory or over http(s).
 *
 * <p>Every version file is verified against the digest the index records for it and validated on
 * every fetch, so a deploy that pins a version gets exactly the bytes that were published.
 */
package dev.modelsphere.swiss.catalog;
