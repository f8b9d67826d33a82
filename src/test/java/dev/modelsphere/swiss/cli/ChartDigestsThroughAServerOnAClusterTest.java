package dev.modelsphere.swiss.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import dev.modelsphere.swiss.chartrepo.ChartRepoServer;
import dev.modelsphere.swiss.server.TestServer;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Chart digests through {@code swiss serve} (issue 20): a site whose charts come from a classic
 * chart repository (the test's own, which can push a version again with other contents). Over HTTP
 * and from the command line, a diff names the archive's digest, an apply pinned to it is refused
 * once the version was pushed again, status and the revision list show what each revision ran, and
 * a rollback past a replaced archive needs {@code --force-chart}.
 */
@ClusterTest
class ChartDigestsThroughAServerOnAClusterTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  private static final Pattern DIGEST = Pattern.compile("chart digest (sha256:[0-9a-f]{64})");

  @TempDir Path dir;
  private ChartRepoServer repo;
  private TestServer server;
  private String cookie;

  @BeforeEach
  void startASiteOnAChartRepositoryAndSignIn() {
    repo = ChartRepoServer.serving(List.of("sglang", "vllm"), List.of("0.8.0"));
    String profile =
        """
        name: test-site
        namespace: models
        chartRepo: %s
        model:
          pathTemplate: /models/{{org}}/{{name}}
        """
            .formatted(repo.url());
    server =
        TestServer.onCluster(
            dir,
            cluster,
            cluster.admin(),
            "  allowDeploy: true\n  database: ${dir}/swiss.db\n  auth:\n    dir: ${dir}/auth\n",
            TestServer.DEMO_CATALOG,
            profile);
    cookie = "swiss_session=" + server.login(TestServer.USER, TestServer.PASSWORD).sessionCookie();
    CliRun login = CliRun.login(server);
    assertThat(login.exitCode()).as(login.err()).isZero();
  }

  @AfterEach
  void signOutAndStop() {
    CliRun.of("logout");
    server.close();
    repo.close();
  }

  @Test
  void aChartPushedAgainBetweenDiffAndApplyIsRefusedOverHttpNamingBothDigests() {
    String first = compose("apis", 1);
    JsonNode diff = post("/api/diff", "{\"planHash\": \"%s\"}".formatted(first), 200);
    String reviewed = diff.path("chartDigest").asText();
    assertThat(reviewed).isEqualTo(repo.digestOf("sglang", "0.8.0"));
    post(
        "/api/install",
        "{\"planHash\": \"%s\", \"expectChartDigest\": \"%s\"}".formatted(first, reviewed),
        200);
    assertThat(get(release("apis") + "/status").path("planStatus").path("chartDigest").asText())
        .isEqualTo(reviewed);

    String second = compose("apis", 2);
    String reviewedAgain =
        post("/api/diff", "{\"planHash\": \"%s\"}".formatted(second), 200)
            .path("chartDigest")
            .asText();
    String pushed = repo.pushAgain("sglang", "0.8.0");
    JsonNode refused =
        post(
            "/api/apply",
            "{\"planHash\": \"%s\", \"expectRevision\": 1, \"expectChartDigest\": \"%s\"}"
                .formatted(second, reviewedAgain),
            409);

    assertThat(refused.path("error").asText()).contains(reviewedAgain, pushed, "pushed again");
    JsonNode status = get(release("apis") + "/status");
    assertThat(status.path("revision").asInt()).isEqualTo(1);
    assertThat(status.path("planStatus").path("chartDigest").asText()).isEqualTo(reviewed);
    JsonNode revisions = get(release("apis") + "/revisions").path("revisions");
    assertThat(revisions).hasSize(1);
    assertThat(revisions.path(0).path("chartDigest").asText()).isEqualTo(reviewed);
  }

  @Test
  void theCommandLineShowsTheDigestPinsItAndForcesARollbackPastAReplacedArchive() {
    CliRun diff = onRelease("cli", "diff");
    String ran = digestIn(diff);
    assertThat(ran).isEqualTo(repo.digestOf("sglang", "0.8.0"));
    CliRun installed = onRelease("cli", "install", "--expect-chart-digest", ran);
    assertThat(installed.exitCode()).as(installed.err()).isZero();

    String pushed = repo.pushAgain("sglang", "0.8.0");
    CliRun stale = onRelease("cli", "apply", "--expect-chart-digest", ran);
    assertThat(stale.exitCode()).isEqualTo(ExitCodes.FAILED);
    assertThat(stale.err()).contains(ran, pushed, "nothing was written");
    String now = digestIn(onRelease("cli", "diff", "--set", "replicaCount=2"));
    assertThat(now).isEqualTo(pushed);
    CliRun applied =
        onRelease("cli", "apply", "--set", "replicaCount=2", "--expect-chart-digest", now);
    assertThat(applied.exitCode()).as(applied.err()).isZero();
    assertThat(applied.out()).contains("revision 2");

    CliRun refused = rollback("--to-revision", "1", "--expect-revision", "2");
    assertThat(refused.exitCode()).isEqualTo(ExitCodes.FAILED);
    assertThat(refused.err()).contains(ran, pushed, "--force-chart");
    CliRun forced = rollback("--to-revision", "1", "--expect-revision", "2", "--force-chart");
    assertThat(forced.exitCode()).as(forced.err()).isZero();
    // Status reads the server's watch of the plan record, which follows the write shortly after.
    JsonNode recorded =
        await()
            .atMost(Duration.ofSeconds(10))
            .until(() -> get(release("cli") + "/status"), s -> s.path("revision").asInt() == 3)
            .path("planStatus");
    assertThat(recorded.path("chartForcedFrom").asText()).isEqualTo(ran);
    assertThat(recorded.path("chartDigest").asText()).isEqualTo(pushed);
    assertThat(recorded.path("action").asText()).isEqualTo("rollback");
  }

  private CliRun onRelease(String release, String... args) {
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(
        List.of("--model=smollm3-3b", "--release", release, "--namespace", cluster.namespace()));
    return CliRun.of(all.toArray(String[]::new));
  }

  private CliRun rollback(String... args) {
    List<String> all = new ArrayList<>(List.of("rollback", "--release", "cli"));
    all.addAll(List.of(args));
    all.addAll(List.of("--namespace", cluster.namespace()));
    return CliRun.of(all.toArray(String[]::new));
  }

  private static String digestIn(CliRun diff) {
    Matcher found = DIGEST.matcher(diff.err());
    assertThat(found.find()).as("swiss diff names the chart digest: %s", diff.err()).isTrue();
    return found.group(1);
  }

  private String compose(String release, int replicas) {
    return post(
            "/api/plans",
            """
            {"model": "smollm3-3b", "namespace": "%s", "serviceId": "%s",
             "overrides": {"replicaCount": %d}}
            """
                .formatted(cluster.namespace(), release, replicas),
            200)
        .path("hash")
        .asText();
  }

  private String release(String name) {
    return "/api/releases/%s/%s".formatted(cluster.namespace(), name);
  }

  private JsonNode post(String path, String body, int status) {
    TestServer.Reply r = server.post(path, body, "Cookie", cookie);
    assertThat(r.status()).as("POST %s %s answered %s", path, body, r.body()).isEqualTo(status);
    return TestServer.json(r.body());
  }

  private JsonNode get(String path) {
    TestServer.Reply r = server.get(path, "Cookie", cookie);
    assertThat(r.status()).as("GET %s answered %s", path, r.body()).isEqualTo(200);
    return TestServer.json(r.body());
  }
}
