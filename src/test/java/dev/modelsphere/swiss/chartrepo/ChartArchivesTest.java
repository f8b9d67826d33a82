package dev.modelsphere.swiss.chartrepo;

import static dev.modelsphere.swiss.chartrepo.LocalServers.respond;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

class ChartArchivesTest {

  private static final byte[] ARCHIVE = "a packaged chart".getBytes(StandardCharsets.UTF_8);

  @RegisterExtension final LocalServers servers = new LocalServers();
  @TempDir Path cache;

  @Test
  void anIndexPastSnakeYamlsLimitListsEveryVersionAndServesTheChart() {
    List<String> versions =
        Stream.concat(IndexYaml.fillerVersions(10_000).stream(), Stream.of("0.8.0")).toList();
    String index = IndexYaml.of(Map.of("sglang", versions), (chart, version) -> hex(ARCHIVE));
    assertThat(index.length()).isGreaterThan(IndexYaml.SNAKEYAML_DEFAULT_LIMIT);
    String srv = servers.serve(exchange -> repository(exchange, index, ARCHIVE));

    assertThat(ChartVersions.list(srv + "/charts", "", "sglang")).isEqualTo(versions);
    assertThat(new ChartArchives(cache).fetch(srv + "/charts", "sglang", "0.8.0").file())
        .hasBinaryContent(ARCHIVE);
  }

  @Test
  void aVersionTheIndexLacksIsRefusedNamingTheFirstVersionsItHasAndCountingTheRest() {
    List<String> versions = IndexYaml.fillerVersions(25);
    String index = IndexYaml.of(Map.of("sglang", versions));
    String srv = servers.serve(exchange -> repository(exchange, index, ARCHIVE));

    assertThatThrownBy(() -> new ChartArchives(cache).fetch(srv + "/charts/", "sglang", "9.9.9"))
        .isInstanceOf(RepoException.class)
        .hasMessageContaining(srv + "/charts/index.yaml")
        .hasMessageContaining("9.9.9")
        .hasMessageContaining(String.join(", ", versions.subList(0, 10)) + " and 15 more")
        .hasMessageNotContaining(versions.get(10));
  }

  @Test
  void anArchiveLargerThanTheCapIsRefusedNamingItsUrlAndTheCap() throws IOException {
    String index = IndexYaml.of(Map.of("sglang", List.of("0.8.0")));
    long tooLarge = (64L << 20) + 1;
    String srv =
        servers.serve(
            exchange -> {
              if (exchange.getRequestURI().getPath().endsWith(".tgz")) {
                sendZeros(exchange, tooLarge);
              } else {
                respond(exchange, 200, index);
              }
            });

    assertThatThrownBy(() -> new ChartArchives(cache).fetch(srv, "sglang", "0.8.0"))
        .isInstanceOf(RepoException.class)
        .hasMessageContaining(srv + "/sglang-0.8.0.tgz")
        .hasMessageContaining("larger than 64 MiB");
    try (Stream<Path> cached = Files.walk(cache)) {
      assertThat(cached).noneMatch(Files::isRegularFile);
    }
  }

  @Test
  void aMissingArchiveIsReportedByItsUrlAndStatus() {
    String index = IndexYaml.of(Map.of("sglang", List.of("0.8.0")));
    String srv =
        servers.serve(
            exchange -> {
              boolean archive = exchange.getRequestURI().getPath().endsWith(".tgz");
              respond(exchange, archive ? 404 : 200, archive ? "no such file" : index);
            });

    assertThatThrownBy(() -> new ChartArchives(cache).fetch(srv, "sglang", "0.8.0"))
        .isInstanceOf(RepoException.class)
        .hasMessage(srv + "/sglang-0.8.0.tgz: 404 Not Found -- the repository says: no such file");
  }

  @Test
  void aVersionPushedAgainIsFetchedAgainAndKeptApartFromTheArchiveItReplaced() {
    byte[] pushedAgain = "the same version, other contents".getBytes(StandardCharsets.UTF_8);
    AtomicReference<byte[]> served = new AtomicReference<>(ARCHIVE);
    String srv =
        servers.serve(
            exchange ->
                repository(
                    exchange,
                    IndexYaml.of(Map.of("sglang", List.of("0.8.0")), (c, v) -> hex(served.get())),
                    served.get()));
    ChartArchives archives = new ChartArchives(cache);

    ChartArchive first = archives.fetch(srv + "/charts", "sglang", "0.8.0");
    served.set(pushedAgain);
    ChartArchive second = archives.fetch(srv + "/charts", "sglang", "0.8.0");

    assertThat(first.digest()).isEqualTo(ChartDigest.ofBytes(ARCHIVE)).startsWith("sha256:");
    assertThat(second.digest()).isEqualTo(ChartDigest.ofBytes(pushedAgain));
    assertThat(second.file()).hasBinaryContent(pushedAgain).isNotEqualTo(first.file());
    assertThat(first.file()).hasBinaryContent(ARCHIVE);
  }

  @Test
  void anArchiveWhoseDigestIsNotTheOneItsIndexListsIsRefusedNamingBothAndNotCached()
      throws IOException {
    byte[] other = "not what the index lists".getBytes(StandardCharsets.UTF_8);
    String index = IndexYaml.of(Map.of("sglang", List.of("0.8.0")), (c, v) -> hex(ARCHIVE));
    String srv = servers.serve(exchange -> repository(exchange, index, other));

    assertThatThrownBy(() -> new ChartArchives(cache).fetch(srv + "/charts", "sglang", "0.8.0"))
        .isInstanceOf(RepoException.class)
        .hasMessageContaining(srv + "/charts/sglang-0.8.0.tgz")
        .hasMessageContaining("the archive's digest is " + ChartDigest.ofBytes(other))
        .hasMessageContaining("the index lists " + ChartDigest.ofBytes(ARCHIVE));
    try (Stream<Path> cached = Files.walk(cache)) {
      assertThat(cached).noneMatch(Files::isRegularFile);
    }
  }

  @Test
  void anIndexWithoutDigestsGivesTheArchivesOwn() {
    // helm writes "digest:" with nothing after it for an archive it could not read.
    String index = IndexYaml.of(Map.of("sglang", List.of("0.8.0")), (c, v) -> "");
    String srv = servers.serve(exchange -> repository(exchange, index, ARCHIVE));

    assertThat(new ChartArchives(cache).fetch(srv + "/charts", "sglang", "0.8.0").digest())
        .isEqualTo(ChartDigest.ofBytes(ARCHIVE));
  }

  @Test
  void anUnchangedIndexIsAskedAfterEveryTimeButDownloadedOnceAndAPushShowsAtOnce() {
    try (ChartRepoServer repo = ChartRepoServer.serving(List.of("sglang"), List.of("0.8.0"))) {
      ChartArchives archives = new ChartArchives(cache);

      ChartArchive first = archives.fetch(repo.url(), "sglang", "0.8.0");
      ChartArchive second = archives.fetch(repo.url(), "sglang", "0.8.0");
      assertThat(repo.indexRequests()).isEqualTo(2);
      assertThat(repo.indexDownloads()).as("the second answer is a 304").isEqualTo(1);
      assertThat(second).isEqualTo(first);
      assertThat(repo.archiveDownloads()).isEqualTo(1);

      String pushed = repo.pushAgain("sglang", "0.8.0");
      ChartArchive third = archives.fetch(repo.url(), "sglang", "0.8.0");

      assertThat(third.digest()).isEqualTo(pushed).isNotEqualTo(first.digest());
      assertThat(repo.indexDownloads()).isEqualTo(2);
    }
  }

  private static String hex(byte[] archive) {
    return ChartDigest.ofBytes(archive).substring("sha256:".length());
  }

  /** A repository under /charts: its index, and every archive it names holding {@code archive}. */
  private static void repository(HttpExchange exchange, String index, byte[] archive)
      throws IOException {
    String path = exchange.getRequestURI().getPath();
    if (path.equals("/charts/index.yaml")) {
      respond(exchange, 200, index);
    } else if (path.startsWith("/charts/") && path.endsWith(".tgz")) {
      respond(exchange, 200, archive);
    } else {
      respond(exchange, 404, "404 page not found");
    }
  }

  private static void sendZeros(HttpExchange exchange, long length) throws IOException {
    exchange.sendResponseHeaders(200, length);
    byte[] chunk = new byte[1 << 20];
    try (OutputStream out = exchange.getResponseBody()) {
      for (long left = length; left > 0; left -= chunk.length) {
        out.write(chunk, 0, (int) Math.min(chunk.length, left));
      }
    }
  }
}
