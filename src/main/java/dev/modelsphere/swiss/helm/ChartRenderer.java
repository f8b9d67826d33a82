package dev.modelsphere.swiss.helm;

import dev.modelsphere.swiss.chartrepo.ChartArchive;
import dev.modelsphere.swiss.chartrepo.ChartArchives;
import dev.modelsphere.swiss.chartrepo.ChartDigest;
import dev.modelsphere.swiss.chartrepo.RepoException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Renders a chart in process through Helm 4 ({@link HelmLibrary}), the way {@code helm template}
 * would: client-side only, the chart's values.schema.json enforced, hooks left out.
 */
public final class ChartRenderer {

  private final ChartArchives archives;

  public ChartRenderer(ChartArchives archives) {
    this.archives = archives;
  }

  /** The rendered manifest: every object of the chart as one multi-document YAML string. */
  public String render(RenderRequest request) {
    ChartLocation chart = request.chart();
    try (ValuesFiles values = ValuesFiles.write(request.values())) {
      return HelmLibrary.call(chartRequest("render", request, values.files()))
          .path("manifest")
          .asText();
    } catch (HelmLibraryError e) {
      throw HelmErrors.translate("render " + chart.describe(), chart.name(), e);
    }
  }

  /**
   * The chart's digest now ({@link ChartDigest}): a repository chart's archive as the repository
   * serves it (fetched into the cache on the way), an OCI chart's archive as helm pulls it, a local
   * chart's files. Empty for a local chart that is not there, which the render reports in helm's
   * words.
   */
  public String digest(ChartLocation chart) {
    return switch (chart.kind()) {
      case LOCAL -> localDigest(Path.of(chart.location()));
      case REPOSITORY -> fetch(chart).digest();
      case OCI -> pulledDigest(chart);
    };
  }

  private static String pulledDigest(ChartLocation chart) {
    Map<String, Object> call = new LinkedHashMap<>();
    call.put("op", "digest");
    call.put("chart", ociRef(chart, ""));
    try {
      return HelmLibrary.call(call).path("digest").asText("");
    } catch (HelmLibraryError e) {
      throw HelmErrors.translate("pull " + chart.describe(), chart.name(), e);
    }
  }

  private static Map<String, Object> ociRef(ChartLocation chart, String digest) {
    Map<String, Object> ref = new LinkedHashMap<>();
    ref.put("oci", chart.ociReference());
    ref.put("version", chart.version());
    ref.put("plainHttp", chart.plainHttp());
    // The library refuses an archive pulled by tag whose digest is not this one.
    ref.put("digest", digest);
    return ref;
  }

  /**
   * A library request for {@code op} on the request's chart and release: repository charts are
   * fetched into the local cache first; OCI charts are pulled by Helm itself.
   */
  Map<String, Object> chartRequest(String op, RenderRequest request, List<Path> valueFiles) {
    ChartLocation chart = request.chart();
    Map<String, Object> ref =
        chart.kind() == ChartLocation.Kind.OCI
            ? ociRef(chart, request.chartDigest())
            : Map.of("path", localArchive(chart, request.chartDigest()).toString());
    Map<String, Object> call = new LinkedHashMap<>();
    call.put("op", op);
    call.put("chart", ref);
    call.put("release", request.release());
    call.put("namespace", request.namespace());
    call.put("valueFiles", HelmReleases.paths(valueFiles));
    return call;
  }

  /**
   * Where a chart can be read from disk, fetching repository charts into the cache first; refused
   * when {@code pinned} is set and the chart no longer has that digest.
   */
  Path localArchive(ChartLocation chart, String pinned) {
    Path path;
    String digest;
    switch (chart.kind()) {
      case LOCAL -> {
        path = Path.of(chart.location());
        digest = pinned.isEmpty() ? "" : localDigest(path);
      }
      case REPOSITORY -> {
        ChartArchive archive = fetch(chart);
        path = archive.file();
        digest = archive.digest();
      }
      default -> throw new IllegalArgumentException("OCI charts are pulled by helm itself");
    }
    if (!pinned.isEmpty() && !pinned.equals(digest)) {
      throw new ChartMovedException(chart, pinned, digest);
    }
    return path;
  }

  private static String localDigest(Path chart) {
    return Files.exists(chart) ? ChartDigest.of(chart) : "";
  }

  private ChartArchive fetch(ChartLocation chart) {
    try {
      return archives.fetch(chart.location(), chart.name(), chart.version());
    } catch (RepoException e) {
      throw new HelmException(
          "cannot fetch chart %s: %s".formatted(chart.describe(), e.getMessage()), e);
    }
  }
}
