package dev.modelsphere.swiss.catalog;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.semver4j.Semver;

/**
 * The chart version a catalog entry asks for: one exact version ({@code 0.7.1}) or a range in
 * helm's syntax ({@code >=0.7.1 <0.9.0}, {@code ^0.7.1}, {@code ~0.7.1}, {@code 1.x || 2.x}). Only
 * strict semantic versions are ever chosen, and prereleases only by a range that names one.
 */
public final class ChartVersionSpec {

  // semver.org's grammar: three parts, no leading zeros, no "v".
  private static final String NUMBER = "(?:0|[1-9]\\d*)";
  private static final String PRERELEASE_ID = "(?:0|[1-9]\\d*|\\d*[A-Za-z-][0-9A-Za-z-]*)";
  private static final Pattern STRICT =
      Pattern.compile(
          NUMBER
              + "\\."
              + NUMBER
              + "\\."
              + NUMBER
              + "(?:-"
              + PRERELEASE_ID
              + "(?:\\."
              + PRERELEASE_ID
              + ")*)?"
              + "(?:\\+[0-9A-Za-z-]+(?:\\.[0-9A-Za-z-]+)*)?");

  private static final Comparator<Map.Entry<String, Semver>> NEWEST_FIRST =
      Map.Entry.<String, Semver>comparingByValue()
          .reversed()
          .thenComparing(Map.Entry.comparingByKey());

  /**
   * Specs read before, by their trimmed text. Every plan composed reads its variant's spec, and
   * reading a range runs its regular expressions: a tenth of a plan request's time before this.
   * Catalogs hold a few hundred distinct specs; a malformed one is not kept, so it is refused every
   * time it is read.
   */
  private static final Cache<String, ChartVersionSpec> READ =
      Caffeine.newBuilder().maximumSize(1_000).build();

  /**
   * Versions read before, by their text. A range is matched against every version the chart's
   * repository lists, and each plan of a release without a pinned version does it again; reading
   * them was most of a plan's chart version step. Versions are immutable, so one is shared.
   */
  private static final Cache<String, Optional<Semver>> VERSIONS =
      Caffeine.newBuilder().maximumSize(10_000).build();

  private final String text;
  private final ChartVersionRange range;

  private ChartVersionSpec(String text, ChartVersionRange range) {
    this.text = text;
    this.range = range;
  }

  /**
   * Reads a spec, ignoring surrounding whitespace.
   *
   * @throws ChartVersionException when it is empty, or neither a version nor a range
   */
  public static ChartVersionSpec parse(String s) {
    String text = s == null ? "" : s.trim();
    if (text.isEmpty()) {
      throw new ChartVersionException("no chart version");
    }
    ChartVersionSpec read = READ.getIfPresent(text);
    if (read != null) {
      return read;
    }
    try {
      read = new ChartVersionSpec(text, ChartVersionRange.parse(text));
      READ.put(text, read);
      return read;
    } catch (IllegalArgumentException e) {
      throw new ChartVersionException(
          "chart version \"" + text + "\" is neither a version nor a range: " + e.getMessage(), e);
    }
  }

  /**
   * Picks the chart version to deploy, by the first rule that applies:
   *
   * <ol>
   *   <li>a version the deployer named ({@code want}) must be in the spec and is used;
   *   <li>an exact spec is used as is, without reading the repository (this also moves a running
   *       release off another version);
   *   <li>the running release's version ({@code keep}) is kept while the spec allows it;
   *   <li>otherwise the newest version the repository lists in range.
   * </ol>
   *
   * @param want the version the deployer named, or null/empty
   * @param keep the running release's chart version, or null/empty
   * @param lister the chart's repository, or null when there is none to ask
   * @throws ChartVersionException when {@code want} is out of range or nothing listed is in range
   * @throws ChartVersionListException when the versions are needed and cannot be listed
   */
  public static String resolve(
      ChartVersionSpec spec, String want, String keep, ChartVersionLister lister) {
    if (want != null && !want.isEmpty()) {
      if (!spec.allows(want)) {
        throw new ChartVersionException(
            "chart version \"" + want + "\" is not in the catalog's \"" + spec + "\"");
      }
      return want;
    }
    if (spec.isExact()) {
      return spec.exact();
    }
    if (keep != null && !keep.isEmpty() && spec.allows(keep)) {
      return keep;
    }
    if (lister == null) {
      throw new ChartVersionListException(spec.toString(), "no chart repository to list");
    }
    List<String> listed;
    try {
      listed = lister.versions();
    } catch (Exception e) {
      throw new ChartVersionListException(spec.toString(), e);
    }
    List<String> matching = spec.match(listed);
    if (matching.isEmpty()) {
      throw new ChartVersionException(
          "no chart version satisfies \""
              + spec
              + "\": the repository has "
              + listed.size()
              + " versions, none in range");
    }
    return matching.get(0);
  }

  /** The exact version this spec names, or null when it is a range. */
  public String exact() {
    return isExact() ? text : null;
  }

  /** Whether this spec is one strict semantic version rather than a range. */
  public boolean isExact() {
    return STRICT.matcher(text).matches();
  }

  /** Whether {@code version} is a strict semantic version within this spec. */
  public boolean allows(String version) {
    return strict(version).map(range::allows).orElse(false);
  }

  /**
   * The versions in {@code have} within this spec, newest first, each once. Anything that is not a
   * strict semantic version ({@code latest}, {@code v1.0.0}, {@code sha256-abc.sig}) is skipped.
   */
  public List<String> match(Collection<String> have) {
    Map<String, Semver> inRange = new LinkedHashMap<>();
    for (String version : have) {
      strict(version).filter(range::allows).ifPresent(v -> inRange.put(version, v));
    }
    return inRange.entrySet().stream().sorted(NEWEST_FIRST).map(Map.Entry::getKey).toList();
  }

  /** The spec as written, without surrounding whitespace. */
  @Override
  public String toString() {
    return text;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ChartVersionSpec other && text.equals(other.text);
  }

  @Override
  public int hashCode() {
    return text.hashCode();
  }

  private static Optional<Semver> strict(String version) {
    if (version == null) {
      return Optional.empty();
    }
    return VERSIONS.get(
        version,
        text ->
            STRICT.matcher(text).matches()
                ? Optional.ofNullable(Semver.parse(text))
                : Optional.empty());
  }
}
