package dev.modelsphere.swiss.deploy.llmservicebackend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.modelsphere.swiss.deploy.backend.DeployException;
import dev.modelsphere.swiss.llmsvc.LlmService;
import dev.modelsphere.swiss.llmsvc.LlmServiceStatus;
import dev.modelsphere.swiss.llmsvc.LlmServices;
import dev.modelsphere.swiss.llmsvc.Phase;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.CountingClient;
import dev.modelsphere.swiss.testing.KubeCluster;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.dsl.Resource;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Waiting for the operator to finish a written generation, against the real API server (backends.md
 * §6, client_test: WaitApplied, WaitAppliedReadsJSONNumbers, WaitAppliedTimesOut). The test writes
 * status as the operator would, while the wait runs.
 */
@ClusterTest
class OperatorWaitTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster().withLlmServiceCrd();

  private static final String NAME = "qwen";

  private static CountingClient requests;

  @BeforeAll
  static void countingClient() {
    requests = new CountingClient(cluster.cluster());
  }

  @AfterAll
  static void closeCountingClient() {
    requests.close();
  }

  private static Resource<LlmService> object() {
    return cluster.llmServices().withName(NAME);
  }

  private static void create() {
    cluster.llmServices().resource(LlmServices.sample(cluster.namespace(), NAME)).create();
  }

  private static void writeStatus(long observed, Phase phase, String message) {
    object()
        .editStatus(
            o -> {
              o.setStatus(
                  new LlmServiceStatus(observed, phase, null, message, null, null, null, null));
              return o;
            });
  }

  private static CompletableFuture<OperatorWait.Finished> awaitGeneration(
      long generation, Duration deadline) {
    OperatorWait wait = new OperatorWait(cluster.admin(), deadline);
    return CompletableFuture.supplyAsync(() -> wait.await(cluster.namespace(), NAME, generation));
  }

  /**
   * The same wait on a client that records its requests, returned once the wait has read the object
   * and sent its watch: the watch starts from the resourceVersion it read, so it sees every write
   * the test makes from then on.
   */
  private static CompletableFuture<OperatorWait.Finished> watchingGeneration(
      long generation, Duration deadline) {
    requests.reset();
    String watch = "/namespaces/" + cluster.namespace() + "/llmservices?";
    OperatorWait wait = new OperatorWait(requests.client(), deadline);
    CompletableFuture<OperatorWait.Finished> finished =
        CompletableFuture.supplyAsync(() -> wait.await(cluster.namespace(), NAME, generation));
    await()
        .atMost(Duration.ofSeconds(20))
        .alias("the wait watches the LLMService")
        .until(
            () ->
                finished.isDone()
                    || requests.requests().stream()
                        .anyMatch(r -> r.contains(watch) && r.contains("watch=true")));
    return finished;
  }

  @Test
  void theWaitEndsOnlyWhenTheWrittenGenerationIsObservedInATerminalPhase() throws Exception {
    create();
    writeStatus(3, Phase.Applied, null);
    CompletableFuture<OperatorWait.Finished> finished =
        watchingGeneration(4, Duration.ofSeconds(20));

    writeStatus(4, Phase.Applying, "pulling the chart");
    assertThat(finished).as("an older Applied or an Applying is not the end").isNotDone();
    writeStatus(4, Phase.Applied, null);

    OperatorWait.Finished done = finished.get(20, TimeUnit.SECONDS);
    assertThat(done.phase()).isEqualTo(Phase.Applied);
    assertThat(done.status().observedGeneration()).isEqualTo(4L);
    assertThat(String.join("\n", done.progress())).contains("Applying");
    // The wait read the older Applied and then saw the Applying, and went on past both.
    assertThat(done.progress())
        .as("the states the wait saw and did not stop at")
        .satisfiesExactly(
            older -> assertThat(older).startsWith("observed generation 3: phase Applied"),
            applying ->
                assertThat(applying)
                    .startsWith("observed generation 4: phase Applying")
                    .endsWith(": pulling the chart"));
  }

  @Test
  void aFailedPhaseEndsTheWaitAndKeepsTheOperatorsMessage() throws Exception {
    create();
    CompletableFuture<OperatorWait.Finished> finished = awaitGeneration(1, Duration.ofSeconds(20));

    writeStatus(1, Phase.Failed, "chart pull denied");

    OperatorWait.Finished done = finished.get(20, TimeUnit.SECONDS);
    assertThat(done.phase()).isEqualTo(Phase.Failed);
    assertThat(done.status().message()).isEqualTo("chart pull denied");
  }

  @Test
  void anObservedGenerationWrittenAsAJsonFloatStillCounts() throws Exception {
    create();
    // Another client (a Python operator, say) may write the number as 2.0.
    GenericKubernetesResource raw =
        cluster
            .admin()
            .genericKubernetesResources(LlmService.GROUP + "/" + LlmService.VERSION, "LLMService")
            .inNamespace(cluster.namespace())
            .withName(NAME)
            .get();
    raw.setAdditionalProperty("status", Map.of("observedGeneration", 2.0, "phase", "Applied"));
    cluster
        .admin()
        .genericKubernetesResources(LlmService.GROUP + "/" + LlmService.VERSION, "LLMService")
        .inNamespace(cluster.namespace())
        .resource(raw)
        .updateStatus();

    OperatorWait.Finished done =
        awaitGeneration(2, Duration.ofSeconds(10)).get(20, TimeUnit.SECONDS);

    assertThat(done.status().observedGeneration()).isEqualTo(2L);
  }

  @Test
  void anOperatorThatNeverFinishesIsADeadlineErrorNamingTheLastStateSeen() {
    create();
    writeStatus(1, Phase.Applying, "waiting for pods");

    assertThatThrownBy(() -> awaitGeneration(1, Duration.ofMillis(800)).join())
        .hasCauseInstanceOf(DeployException.class)
        .cause()
        .hasMessageContaining("did not finish applying it within PT0.8S")
        .hasMessageContaining("Applying");
  }

  @Test
  void anObjectDeletedDuringTheWaitEndsItSayingNothingRuns() throws Exception {
    create();
    CompletableFuture<OperatorWait.Finished> finished =
        watchingGeneration(1, Duration.ofSeconds(20));
    assertThat(finished).as("the object is there, without status").isNotDone();

    object().delete();

    assertThatThrownBy(() -> finished.get(20, TimeUnit.SECONDS))
        .hasCauseInstanceOf(DeployException.class)
        .cause()
        .hasMessageContaining("was deleted while its operator applied generation 1");
  }
}
