package dev.modelsphere.swiss.chartrepo;

import static dev.modelsphere.swiss.chartrepo.LocalServers.respond;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.sun.net.httpserver.HttpExchange;
import dev.modelsphere.swiss.catalog.ChartVersionListException;
import dev.modelsphere.swiss.catalog.ChartVersionLister;
import dev.modelsphere.swiss.catalog.ChartVersionSpec;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

class ChartVersionsTest {

  private static final String INDEX =
      """
            apiVersion: v1
            entries:
              sglang:
                - name: sglang
                  version: 0.8.0
                  urls: [sglang-0.8.0.tgz]
                - name: sglang
                  version: 0.7.1
                  urls: [sglang-0.7.1.tgz]
              vllm:
                - name: vllm
                  version: 1.0.0
            """;
  private static final String TAGS_PATH = "/v2/org/charts/sglang/tags/list";
  private static final String TOKEN = "registry-token";
  private static final String DENIED =
      """
            {"errors":[{"code":"DENIED","message":"requested access to the resource is denied"}]}""";

  @RegisterExtension final LocalServers servers = new LocalServers();
  private final List<String> requests = new CopyOnWriteArrayList<>();

  // --- chart/repo_test.go: VersionsFromARepoIndex

  @Test
  void versionsComeFromTheRepositoryIndex() {
    String srv = servers.serve(this::chartRepository);

    assertThat(ChartVersions.list(srv + "/charts/", "", "sglang"))
        .containsExactly("0.8.0", "0.7.1");
    assertThat(ChartVersions.list(srv + "/charts", null, "sglang"))
        .containsExactly("0.8.0", "0.7.1");
    assertThat(requests).containsOnly("GET /charts/index.yaml");
  }

  @Test
  void aChartMissingFromTheIndexIsReportedByName() {
    String srv = servers.serve(this::chartRepository);

    assertThatThrownBy(() -> ChartVersions.list(srv + "/charts/", "", "nope"))
        .isInstanceOf(RepoException.class)
        .hasMessageContaining(srv + "/charts/index.yaml")
        .hasMessageContaining("no chart \"nope\"");
  }

  @Test
  void aBodyThatIsNotAnIndexIsReportedAsSuch() {
    String srv =
        servers.serve(exchange -> respond(exchange, 200, "<html><body>Welcome</body></html>"));

    assertThatThrownBy(() -> ChartVersions.list(srv + "/charts/", "", "sglang"))
        .isInstanceOf(RepoException.class)
        .hasMessageContaining("not a chart repository index");
  }

  @Test
  void anIndexLargerThanThirtyTwoMebibytesIsRefused() {
    byte[] huge = new byte[(32 << 20) + 1];
    String srv = servers.serve(exchange -> respond(exchange, 200, huge));

    assertThatThrownBy(() -> ChartVersions.list(srv + "/charts/", "", "sglang"))
        .isInstanceOf(RepoException.class)
        .hasMessageContaining("larger than 32 MiB");
  }

  // --- chart/repo_test.go: AMissingIndexIsReportedByStatus

  @Test
  void aMissingIndexIsReportedByStatusWithWhatTheRepositorySays() {
    String srv = servers.serve(exchange -> respond(exchange, 404, "404 page not found\n"));

    RepoException e =
        catchThrowableOfType(
            RepoException.class, () -> ChartVersions.list(srv + "/charts/", "", "sglang"));

    assertThat(e.getMessage())
        .isEqualTo(
            srv + "/charts/index.yaml: 404 Not Found -- the repository says: 404 page not found");
    assertThat(e.status()).isEqualTo(404);
    assertThat(e.repo()).isEqualTo(srv + "/charts/index.yaml");
    assertThat(e.needsLogin()).isFalse();
  }

  @Test
  void anHtmlErrorPageIsNotQuoted() {
    String srv = servers.serve(exchange -> respond(exchange, 500, "<html><h1>Oops</h1></html>"));

    RepoException e =
        catchThrowableOfType(
            RepoException.class, () -> ChartVersions.list(srv + "/charts", "", "sglang"));

    assertThat(e.getMessage()).isEqualTo(srv + "/charts/index.yaml: 500 Internal Server Error");
    assertThat(e.detail()).isNull();
  }

  @Test
  void anUnreachableRepositoryIsReportedByItsLocation() {
    String srv = LocalServers.closedAddress();

    RepoException e =
        catchThrowableOfType(
            RepoException.class, () -> ChartVersions.list(srv + "/charts", "", "sglang"));

    assertThat(e.getMessage()).startsWith(srv + "/charts/index.yaml: ");
    assertThat(e.status()).isZero();
    assertThat(e.getCause()).isInstanceOf(IOException.class);
  }

  // --- chart/repo_test.go: VersionsFromAnOCIRegistry

  @Test
  void versionsComeFromAnOciRegistryThroughTheBearerChallengeAndEveryPage() {
    String[] realm = new String[1];
    String srv = servers.serve(exchange -> registry(exchange, realm[0], "x"));
    realm[0] = srv + "/token";

    List<String> tags = ChartVersions.list(ociRepo(srv), "", "sglang", RegistryAccess.plainHttp());

    assertThat(tags).containsExactly("0.7.0", "0.7.1", "0.8.0+build.1", "sha256-abc.sig");
    assertThat(requests)
        .containsExactly(
            "GET " + TAGS_PATH,
            "GET /token?service=x&scope=repository:org/charts/sglang:pull",
            "GET " + TAGS_PATH + " (bearer)",
            "GET " + TAGS_PATH + "?last=0.7.1&n=2 (bearer)");
  }

  @Test
  void aNextPageLinkIsResolvedAgainstThePageItCameWith() {
    String srv =
        servers.serve(
            exchange -> {
              String query = exchange.getRequestURI().getQuery();
              requests.add(exchange.getRequestURI().getPath() + (query == null ? "" : "?" + query));
              if (query == null) {
                exchange
                    .getResponseHeaders()
                    .add("Link", "<list?last=a>; rel=\"prev\", <list?last=0.7.1>; rel=\"next\"");
                respond(exchange, 200, "{\"tags\":[\"0.7.1\"]}");
              } else {
                respond(exchange, 200, "{\"tags\":[\"0.8.0\"]}");
              }
            });

    assertThat(ChartVersions.list(ociRepo(srv), "", "sglang", RegistryAccess.plainHttp()))
        .containsExactly("0.7.1", "0.8.0");
    assertThat(requests).containsExactly(TAGS_PATH, TAGS_PATH + "?last=0.7.1");
  }

  @Test
  void pagesThatLinkBackAreReportedInsteadOfReadForever() {
    String srv =
        servers.serve(
            exchange -> {
              exchange.getResponseHeaders().add("Link", "<" + TAGS_PATH + ">; rel=\"next\"");
              respond(exchange, 200, "{\"tags\":[\"0.7.1\"]}");
            });

    assertThatThrownBy(
            () -> ChartVersions.list(ociRepo(srv), "", "sglang", RegistryAccess.plainHttp()))
        .isInstanceOf(RepoException.class)
        .hasMessageContaining("link back");
  }

  @Test
  void aTokenEndpointAnsweringAccessTokenIsAcceptedAndARealmQueryIsKept() {
    String srv =
        servers.serve(
            exchange -> {
              String path = exchange.getRequestURI().getPath();
              if (path.equals("/auth")) {
                requests.add(exchange.getRequestURI().getRawQuery());
                respond(exchange, 200, "{\"access_token\":\"" + TOKEN + "\"}");
              } else if (bearer(exchange)) {
                respond(exchange, 200, "{\"tags\":[\"1.0.0\"]}");
              } else {
                String realm =
                    "http://"
                        + exchange.getLocalAddress().getHostString()
                        + ":"
                        + exchange.getLocalAddress().getPort()
                        + "/auth?account=anon";
                exchange
                    .getResponseHeaders()
                    .add("WWW-Authenticate", "Bearer realm=\"" + realm + "\"");
                respond(exchange, 401, "");
              }
            });

    assertThat(ChartVersions.list(ociRepo(srv), "", "sglang", RegistryAccess.plainHttp()))
        .containsExactly("1.0.0");
    assertThat(requests)
        .containsExactly("account=anon&scope=repository%3Aorg%2Fcharts%2Fsglang%3Apull");
  }

  @Test
  void aChallengeWithoutAnAbsoluteRealmIsReported() {
    String srv =
        servers.serve(
            exchange -> {
              exchange
                  .getResponseHeaders()
                  .add("WWW-Authenticate", "Bearer realm=\"/token\",service=\"x\"");
              respond(exchange, 401, "");
            });

    assertThatThrownBy(
            () -> ChartVersions.list(ociRepo(srv), "", "sglang", RegistryAccess.plainHttp()))
        .isInstanceOf(RepoException.class)
        .hasMessageContaining("names no token realm")
        .hasMessageContaining("realm=\"/token\"");
  }

  @Test
  void aTokenEndpointWithoutATokenIsReported() {
    String srv = alwaysChallenging("", "", 200, "{\"expires_in\":300}");

    assertThatThrownBy(
            () -> ChartVersions.list(ociRepo(srv), "", "sglang", RegistryAccess.plainHttp()))
        .isInstanceOf(RepoException.class)
        .hasMessageContaining(ociRepo(srv) + "/sglang")
        .hasMessageContaining("returned no token");
  }

  @Test
  void aSecondRefusalAfterTheTokenIsReportedNotRetried() {
    String srv = alwaysChallenging("", DENIED, 200, "{\"token\":\"useless\"}");

    RepoException e =
        catchThrowableOfType(
            RepoException.class,
            () -> ChartVersions.list(ociRepo(srv), "", "sglang", RegistryAccess.plainHttp()));

    assertThat(e.needsLogin()).isTrue();
    assertThat(requests).containsExactly(TAGS_PATH, "/token", TAGS_PATH);
  }

  @Test
  void anOciReferenceWithoutARepositoryIsRefused() {
    assertThatThrownBy(() -> ChartVersions.list("oci://registry.example", "", "sglang"))
        .isInstanceOf(RepoException.class)
        .hasMessageContaining("oci://registry.example names no repository");
  }

  // --- chart/repo_test.go: ARefusedReadSaysItNeedsALogin

  @Test
  void aRefusedReadSaysItNeedsALoginAndWhatTheRegistrySaid() {
    String srv = alwaysChallenging(",service=\"x\"", "", 403, DENIED);

    RepoException e =
        catchThrowableOfType(
            RepoException.class,
            () -> ChartVersions.list(ociRepo(srv), "", "sglang", RegistryAccess.plainHttp()));

    assertThat(e.needsLogin()).isTrue();
    assertThat(e.status()).isEqualTo(403);
    assertThat(e.repo()).isEqualTo(ociRepo(srv) + "/sglang");
    assertThat(e.getMessage())
        .contains(ociRepo(srv) + "/sglang")
        .contains("needs a login")
        .contains("DENIED: requested access to the resource is denied")
        .doesNotContain("/token");
  }

  // --- chart/repo_test.go: ARegistryAskingForBasicAuthNeedsALogin

  @Test
  void aRegistryAskingForBasicAuthNeedsALogin() {
    String srv =
        servers.serve(
            exchange -> {
              exchange.getResponseHeaders().add("WWW-Authenticate", "Basic realm=\"registry\"");
              respond(exchange, 401, "");
            });

    RepoException e =
        catchThrowableOfType(
            RepoException.class,
            () -> ChartVersions.list(ociRepo(srv), "", "sglang", RegistryAccess.plainHttp()));

    assertThat(e.needsLogin()).isTrue();
    assertThat(e.getMessage())
        .contains(ociRepo(srv) + "/sglang")
        .contains("needs a login")
        .contains("Basic auth");
  }

  // --- chart/repo_test.go: VersionsFromALocalChart

  @Test
  void aLocalChartPathWinsOverTheRepository(@TempDir Path charts) throws IOException {
    Files.createDirectories(charts.resolve("sglang"));
    Files.writeString(
        charts.resolve("sglang/Chart.yaml"),
        """
                apiVersion: v2
                name: sglang
                version: 0.7.4
                """);
    String srv = servers.serve(this::chartRepository);

    assertThat(ChartVersions.list(srv + "/charts/", charts.toString(), "sglang"))
        .containsExactly("0.7.4");
    assertThat(requests).isEmpty();
  }

  @Test
  void aMissingLocalChartIsReportedByItsFile(@TempDir Path charts) {
    assertThatThrownBy(() -> ChartVersions.list("", charts.toString(), "sglang"))
        .isInstanceOf(RepoException.class)
        .hasMessageContaining(charts.resolve("sglang/Chart.yaml").toString());
  }

  @Test
  void withNoSourceTheProfileIsToBlame() {
    assertThatThrownBy(() -> ChartVersions.list("", "", "sglang"))
        .isInstanceOf(RepoException.class)
        .hasMessage("no chart source: set chartRepo or chartPath in the site profile");
    assertThatThrownBy(() -> ChartVersions.list(null, null, "sglang"))
        .hasMessageContaining("no chart source");
  }

  // --- the lister with resolve

  @Test
  void aRangeResolvesToTheNewestVersionInTheRepository() {
    String srv = servers.serve(this::chartRepository);
    ChartVersionLister lister = () -> ChartVersions.list(srv + "/charts/", "", "sglang");

    assertThat(ChartVersionSpec.resolve(ChartVersionSpec.parse(">=0.7.1"), "", "", lister))
        .isEqualTo("0.8.0");
    assertThat(ChartVersionSpec.resolve(ChartVersionSpec.parse("~0.7.0"), "", "", lister))
        .isEqualTo("0.7.1");
  }

  @Test
  void aRangeResolvesOverRegistryTagsSkippingSignatures() {
    String[] realm = new String[1];
    String srv = servers.serve(exchange -> registry(exchange, realm[0], "x"));
    realm[0] = srv + "/token";
    ChartVersionLister lister =
        () -> ChartVersions.list(ociRepo(srv), "", "sglang", RegistryAccess.plainHttp());

    assertThat(ChartVersionSpec.resolve(ChartVersionSpec.parse("^0.8.0"), "", "", lister))
        .isEqualTo("0.8.0+build.1");
  }

  @Test
  void aRepositoryFailureWhileResolvingIsAListingFailure() {
    String srv = servers.serve(exchange -> respond(exchange, 404, "404 page not found\n"));
    ChartVersionLister lister = () -> ChartVersions.list(srv + "/charts/", "", "sglang");

    assertThatThrownBy(
            () -> ChartVersionSpec.resolve(ChartVersionSpec.parse(">=0.7.1"), "", "", lister))
        .isInstanceOf(ChartVersionListException.class)
        .hasCauseInstanceOf(RepoException.class)
        .hasMessageContaining(srv + "/charts/index.yaml: 404 Not Found")
        .hasMessageContaining("Name a chart version");
  }

  // --- servers playing repositories

  /** A classic chart repository with an index under /charts. */
  private void chartRepository(HttpExchange exchange) throws IOException {
    requests.add(exchange.getRequestMethod() + " " + exchange.getRequestURI().getPath());
    if (exchange.getRequestURI().getPath().equals("/charts/index.yaml")) {
      respond(exchange, 200, INDEX);
    } else {
      respond(exchange, 404, "404 page not found\n");
    }
  }

  /**
   * An OCI registry that wants a bearer token for pulls from org/charts/sglang, and lists its tags
   * in two pages.
   */
  private void registry(HttpExchange exchange, String realm, String service) throws IOException {
    String path = exchange.getRequestURI().getPath();
    String query = exchange.getRequestURI().getRawQuery();
    boolean bearer = bearer(exchange);
    requests.add(
        "GET "
            + path
            + (query == null ? "" : "?" + URLDecoder.decode(query, StandardCharsets.UTF_8))
            + (bearer ? " (bearer)" : ""));
    if (path.equals("/token")) {
      String decoded = URLDecoder.decode(query, StandardCharsets.UTF_8);
      if (decoded.equals("service=" + service + "&scope=repository:org/charts/sglang:pull")) {
        respond(exchange, 200, "{\"token\":\"" + TOKEN + "\",\"expires_in\":300}");
      } else {
        respond(exchange, 403, DENIED);
      }
    } else if (!path.equals(TAGS_PATH)) {
      respond(
          exchange,
          404,
          "{\"errors\":[{\"code\":\"NAME_UNKNOWN\",\"message\":\"repository name not known\"}]}");
    } else if (!bearer) {
      exchange
          .getResponseHeaders()
          .add(
              "WWW-Authenticate",
              "Bearer realm=\""
                  + realm
                  + "\",service=\""
                  + service
                  + "\",scope=\"repository:org/charts/sglang:pull\"");
      respond(
          exchange,
          401,
          "{\"errors\":[{\"code\":\"UNAUTHORIZED\",\"message\":\"authentication required\"}]}");
    } else if (query == null) {
      exchange.getResponseHeaders().add("Link", "<" + TAGS_PATH + "?last=0.7.1&n=2>; rel=\"next\"");
      respond(exchange, 200, "{\"name\":\"org/charts/sglang\",\"tags\":[\"0.7.0\",\"0.7.1\"]}");
    } else {
      respond(
          exchange,
          200,
          "{\"name\":\"org/charts/sglang\",\"tags\":[\"0.8.0_build.1\",\"sha256-abc.sig\"]}");
    }
  }

  /**
   * A registry that answers every tag list read with a bearer challenge naming its own {@code
   * /token} (plus {@code challengeParams}) and the body {@code refusal}, and answers {@code /token}
   * with {@code tokenStatus} and {@code tokenBody}. Every path asked for is recorded.
   */
  private String alwaysChallenging(
      String challengeParams, String refusal, int tokenStatus, String tokenBody) {
    String[] realm = new String[1];
    String srv =
        servers.serve(
            exchange -> {
              String path = exchange.getRequestURI().getPath();
              requests.add(path);
              if (path.equals("/token")) {
                respond(exchange, tokenStatus, tokenBody);
              } else {
                exchange
                    .getResponseHeaders()
                    .add("WWW-Authenticate", "Bearer realm=\"" + realm[0] + "\"" + challengeParams);
                respond(exchange, 401, refusal);
              }
            });
    realm[0] = srv + "/token";
    return srv;
  }

  private static boolean bearer(HttpExchange exchange) {
    return ("Bearer " + TOKEN).equals(exchange.getRequestHeaders().getFirst("Authorization"));
  }

  private static String ociRepo(String srv) {
    return "oci://" + srv.substring("http://".length()) + "/org/charts";
  }
}
