package dev.modelsphere.swiss.helm;

import dev.modelsphere.swiss.chartrepo.ChartArchive;
import dev.modelsphere.swiss.chartrepo.ChartArchives;
import dev.modelsphere.swiss.chartrepo.ChartDigest;
import dev.modelsphere.swiss.chartrepo.RepoException;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.helm.LibraryResults.Rendered;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Renders a chart in process through Helm 4 ({@link HelmLibrary}), the way {@code helm template}
 * would: client-side only, the chart's values.schema.json enforced, hooks left out.
 */
public final class ChartRenderer {

  private final ChartArchives archives;

  public ChartRenderer(ChartArchives archives) {
    this.archives = archives;
  }

  /**
   * How long a render or a chart's pull may take: the budget of a diff, which renders. A render
   * touches no cluster; only a pull from a registry can hang.
   */
  static final Duration DEADLINE = Duration.ofMinutes(5);

  /** The rendered manifest: every object of the chart as one multi-document YAML string. */
  public String render(RenderRequest request) {
    ChartLocation chart = request.chart();
    try (ValuesFiles values = ValuesFiles.write(request.values())) {
      return call(chartRequest("render", request, values.files()).build(), Rendered.class)
          .manifest();
    } catch (HelmLibraryError e) {
      throw HelmErrors.translate(failures("render " + chart.describe()), chart.name(), e);
    }
  }

  /** A failure to render or pull the plan's chart is the plan's to fix: INVALID, as before. */
  private static HelmFailures failures(String doing) {
    return new HelmFailures(doing, ErrorKind.INVALID, Duration.ZERO);
  }

  private static <T> T call(LibraryRequest request, Class<T> answer) {
    return HelmLibrary.call(request.bounded(0, DEADLINE.toMillis()), answer);
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
    LibraryRequest request = LibraryRequest.of("digest").chart(LibraryChart.oci(chart, "")).build();
    try {
      return call(request, LibraryResults.Digest.class).digest();
    } catch (HelmLibraryError e) {
      throw HelmErrors.translate(failures("pull " + chart.describe()), chart.name(), e);
    }
  }

  /**
   * A library request for {@code op} on the request's chart and release: repository charts are
   * fetched into the local cache first; OCI charts are pulled by Helm itself.
   */
  LibraryRequest.Builder chartRequest(String op, RenderRequest request, List<Path> valueFiles) {
    ChartLocation chart = request.chart();
    // The library refuses an OCI archive pulled by tag whose digest is not the pinned one.
    LibraryChart ref =
        chart.kind() == ChartLocation.Kind.OCI
            ? LibraryChart.oci(chart, request.chartDigest())
            : LibraryChart.onDisk(localArchive(chart, request.chartDigest()).toString());
    LibraryRequest.Builder call =
        LibraryRequest.of(op).chart(ref).release(request.namespace(), request.release());
    call.valueFiles = HelmReleases.paths(valueFiles);
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
          ErrorKind.INVALID,
          "cannot fetch chart %s: %s".formatted(chart.describe(), e.getMessage()),
          e);
    }
  }
}
