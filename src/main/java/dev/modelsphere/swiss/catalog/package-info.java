/**
 * The model catalog: a static tree of an {@code index.json} listing plus one immutable YAML
 * document per published model version, read from a directory or over http(s).
 *
 * <p>Every version file is verified against the digest the index records for it and validated on
 * every fetch, so a deploy that pins a version gets exactly the bytes that were published.
 *
 * <p>The outbound rules every HTTP client of swiss shares live here too, because catalogs were
 * first to need them and the other clients ({@code chartrepo}, the server's upstream calls) may
 * depend on this core package: {@link dev.modelsphere.swiss.catalog.AddressRule} (which addresses
 * may be called) and {@link dev.modelsphere.swiss.catalog.Redirects} (how a redirect is followed by
 * hand, and when credentials go along).
 */
package dev.modelsphere.swiss.catalog;
