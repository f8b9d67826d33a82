package dev.modelsphere.swiss.catalog;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An opened catalog: its validated index, the exact index bytes (whose digest is the catalog's
 * reference) and the entries fetched from it so far. Opening reads only the index; each entry is
 * fetched, verified and validated the first time it is asked for, then kept.
 */
public final class Catalog {
  private final Fetcher fetcher;
  private final byte[] rawIndex;
  private final Index index;
  private final String ref;
  private final String signer;
  private final String signature;
  private final EntryValidator validator = new EntryValidator();
  private final Map<String, Entry> entries = new ConcurrentHashMap<>();

  private Catalog(Fetcher fetcher, byte[] rawIndex, String signer, String signature) {
    this.fetcher = fetcher;
    this.rawIndex = rawIndex.clone();
    this.index = Index.parse(rawIndex);
    this.ref = Digests.sha256(rawIndex);
    this.signer = signer;
    this.signature = signature;
  }

  /** Opens the catalog at a directory, an index file or an http(s) URL. */
  public static Catalog open(String location) {
    return open(Fetcher.forLocation(location));
  }

  /** Reads and validates the index, one request; entries are fetched later. */
  public static Catalog open(Fetcher fetcher) {
    return fromIndex(fetcher, fetcher.readIndex());
  }

  /**
   * Opens the catalog at {@code location}, whose index must carry a valid detached SSH signature
   * ({@code index.json.sig} beside it) by {@code signer} when one is given.
   *
   * @param signer the trusted signer's OpenSSH public key line; empty: the index is not checked
   * @throws CatalogException naming why the signature is refused
   */
  public static Catalog open(String location, String signer) {
    Fetcher fetcher = Fetcher.forLocation(location);
    byte[] index = fetcher.readIndex();
    if (signer == null || signer.isBlank()) {
      return fromIndex(fetcher, index);
    }
    return signed(fetcher, index, readSignature(fetcher), signer);
  }

  private static String readSignature(Fetcher fetcher) {
    String location = fetcher.location();
    String name = signatureName(location);
    try {
      return new String(fetcher.read(name), StandardCharsets.UTF_8);
    } catch (CatalogException e) {
      throw new CatalogException(
          "catalog %s must be signed by its trusted signer, and its signature %s cannot be read: %s"
              .formatted(location, name, e.getMessage()),
          e);
    }
  }

  /** The signature's file beside the index: {@code index.json.sig}. */
  static String signatureName(String location) {
    return location.substring(location.lastIndexOf('/') + 1) + ".sig";
  }

  /**
   * A catalog whose index is taken only with {@code signature} by {@code signer}, wherever the
   * bytes came from (the catalog, or the disk cache, which is checked as if it were the catalog).
   *
   * @throws CatalogException when the signature does not hold, or the index carries no serial
   */
  static Catalog signed(Fetcher fetcher, byte[] index, String signature, String signer) {
    String location = fetcher.location();
    try {
      SshSignature.verify(index, signature, signer);
    } catch (CatalogException e) {
      throw new CatalogException("catalog %s refused: %s".formatted(location, e.getMessage()), e);
    }
    Catalog catalog = new Catalog(fetcher, index, signer.strip(), signature);
    if (catalog.index.serial() <= 0) {
      throw new CatalogException(
          ("catalog %s refused: a signed index must carry a serial (a number raised on every"
                  + " publish), or an old signed index could be replayed -- run hack/catalog-index"
                  + " --bump-serial, then sign again")
              .formatted(location));
    }
    return catalog;
  }

  /**
   * A catalog whose index bytes were read elsewhere (the disk cache); entries come from fetcher.
   */
  static Catalog fromIndex(Fetcher fetcher, byte[] rawIndex) {
    return new Catalog(fetcher, rawIndex, "", "");
  }

  /** The normalized index location: an absolute path or a full URL ending in the index file. */
  public String location() {
    return fetcher.location();
  }

  /** {@code sha256:} of the exact index bytes; the same however the location was spelt. */
  public String ref() {
    return ref;
  }

  public Index index() {
    return index;
  }

  public byte[] rawIndex() {
    return rawIndex.clone();
  }

  /** The key the index was checked against; empty for a catalog taken unsigned. */
  public String signer() {
    return signer;
  }

  /** The armored signature the index was taken with; empty for a catalog taken unsigned. */
  public String signature() {
    return signature;
  }

  /**
   * One model at one version, verified against the index's digest and validated.
   *
   * @param version null or empty for the model's latest
   */
  public Entry entry(String model, String version) {
    IndexModel listed = index.model(model).orElseThrow(() -> new CatalogException(noModel(model)));
    IndexVersion row = listed.version(version);
    String key = model + "@" + row.version();
    Entry known = entries.get(key);
    if (known != null) {
      return known;
    }
    Entry fetched = fetch(listed, row);
    Entry raced = entries.putIfAbsent(key, fetched);
    return raced != null ? raced : fetched;
  }

  /** What to say of a model the index does not list: the nearest names, then every name. */
  private String noModel(String model) {
    List<String> nearest = NearestNames.to(model, modelNames());
    String hint = nearest.isEmpty() ? "" : "; did you mean " + String.join(" or ", nearest) + "?";
    return "no model \"%s\" in catalog %s%s (have: %s)"
        .formatted(model, location(), hint, String.join(", ", modelNames()));
  }

  /** The latest version of every model, in index order; the first failure stops the listing. */
  public List<Entry> all() {
    List<Entry> out = new ArrayList<>();
    for (IndexModel model : index.models()) {
      out.add(entry(model.name(), model.latest()));
    }
    return out;
  }

  private Entry fetch(IndexModel model, IndexVersion row) {
    String what = model.name() + " " + row.version();
    String where = what + " (" + row.path() + ")";
    byte[] bytes;
    try {
      bytes = fetcher.read(row.path());
    } catch (CatalogException e) {
      throw new CatalogException(where + ": " + e.getMessage(), e);
    }
    String got = Digests.sha256(bytes);
    if (!got.equals(row.digest())) {
      throw new CatalogException(
          what
              + ": digest "
              + got
              + " does not match the index ("
              + row.digest()
              + ") -- the published version was rewritten; publish a new version"
              + " instead of editing one, or rebuild the index");
    }
    Entry parsed;
    try {
      parsed = Entry.parseYaml(bytes);
    } catch (CatalogException e) {
      throw new CatalogException(where + ": " + e.getMessage(), e);
    }
    if (!model.name().equals(parsed.name()) || !row.version().equals(parsed.version())) {
      throw new CatalogException(
          where
              + ": entry says "
              + parsed.name()
              + " "
              + parsed.version()
              + " -- index is stale; rebuild it from the version files");
    }
    Entry entry = parsed.withIndexFacts(model, row);
    try {
      validator.validate(entry);
    } catch (CatalogException e) {
      throw new CatalogException(where + ": " + e.getMessage(), e);
    }
    return entry;
  }

  @Override
  public String toString() {
    return location() + " " + ref;
  }

  private List<String> modelNames() {
    return index.models().stream().map(IndexModel::name).toList();
  }
}
