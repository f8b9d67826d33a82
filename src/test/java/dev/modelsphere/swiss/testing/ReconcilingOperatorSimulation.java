package dev.modelsphere.swiss.testing;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.modelsphere.swiss.helm.HelmException;
import dev.modelsphere.swiss.helm.HelmOutcome;
import dev.modelsphere.swiss.helm.HelmReleases;
import dev.modelsphere.swiss.helm.PlanCharts;
import dev.modelsphere.swiss.helm.RenderRequest;
import dev.modelsphere.swiss.llmsvc.HelmRelease;
import dev.modelsphere.swiss.llmsvc.HistoryEntry;
import dev.modelsphere.swiss.llmsvc.LlmService;
import dev.modelsphere.swiss.llmsvc.LlmServiceStatus;
import dev.modelsphere.swiss.llmsvc.MappingException;
import dev.modelsphere.swiss.llmsvc.Phase;
import dev.modelsphere.swiss.llmsvc.PlanMapping;
import dev.modelsphere.swiss.llmsvc.ResolvedChart;
import dev.modelsphere.swiss.llmsvc.SwissAnnotations;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.apps.ControllerRevisionBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A SIMULATION of the LLMService operator's reconcile loop (backends.md §3.2), for tests only: no
 * operator and no helm run here. It watches the LLMServices of one namespace and, for each
 * generation it has not finished, writes what the operator writes: phase {@code Applying} (with
 * {@code observedGeneration} still at the last finished generation), then either {@code Applied}
 * with the next helm revision, a history entry and a ControllerRevision {@code <name>-<8 hex>}
 * holding the spec and swiss annotations, or {@code Failed} with a message.
 *
 * <p>Switches: {@link #failWith} makes the next generations fail, {@link #stallInApplying} leaves
 * them in {@code Applying}, {@link #succeed} goes back to applying; {@link #touchStatus} writes a
 * status-only change at the moment a test chooses; {@link #runningHelm} makes each applied
 * generation a real helm install or upgrade of the object's chart and layers (§3.2 step 7), so
 * helm's release storage holds what the operator applied, as it does on a real cluster, and a diff
 * against it means something. The applied hash is taken over the chart and the layers as written
 * (the real operator hashes the merged values): what matters here is that the same spec gives the
 * same hash and no new revision.
 */
public final class ReconcilingOperatorSimulation implements AutoCloseable {
  private static final ObjectMapper SORTED =
      new ObjectMapper().enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);
  private static final int HISTORY_CAP = 10;

  private enum Mode {
    APPLY,
    FAIL,
    STALL
  }

  private final KubernetesClient client;
  private final String namespace;
  private final SharedIndexInformer<LlmService> informer;
  private final AtomicInteger touches = new AtomicInteger();
  private volatile Mode mode = Mode.APPLY;
  private volatile HelmReleases helm;
  private volatile String failure = "";

  public ReconcilingOperatorSimulation(KubernetesClient client, String namespace) {
    this.client = client;
    this.namespace = namespace;
    this.informer = LlmServiceChanges.inform(client, namespace, this::reconcile);
  }

  /** From now on every new generation fails with {@code message}, as a helm error would. */
  public ReconcilingOperatorSimulation failWith(String message) {
    this.failure = message;
    this.mode = Mode.FAIL;
    return this;
  }

  /**
   * From now on every new generation is left in {@code Applying}, as a hung helm call leaves it.
   */
  public ReconcilingOperatorSimulation stallInApplying() {
    this.mode = Mode.STALL;
    return this;
  }

  /**
   * From now on an applied generation is installed or upgraded with {@code helm}, and its revision
   * is helm's; a helm error fails the generation with helm's message.
   */
  public ReconcilingOperatorSimulation runningHelm(HelmReleases helm) {
    this.helm = helm;
    return this;
  }

  public ReconcilingOperatorSimulation succeed() {
    this.mode = Mode.APPLY;
    return this;
  }

  /**
   * Writes a status-only change to {@code name} now (a condition's message, as the operator's
   * periodic resync might): the resourceVersion moves, the generation and spec do not.
   */
  public void touchStatus(String name) {
    String message = "status touched by the simulation " + touches.incrementAndGet();
    client
        .resources(LlmService.class)
        .inNamespace(namespace)
        .withName(name)
        .editStatus(
            svc -> {
              LlmServiceStatus s = statusOf(svc);
              svc.setStatus(
                  new LlmServiceStatus(
                      s.observedGeneration(),
                      s.phase(),
                      List.of(
                          new io.fabric8.kubernetes.api.model.ConditionBuilder()
                              .withType("Applied")
                              .withStatus("True")
                              .withReason("Resync")
                              .withMessage(message)
                              .withLastTransitionTime(now())
                              .build()),
                      s.message(),
                      s.chart(),
                      s.appliedHash(),
                      s.helm(),
                      s.history()));
              return svc;
            });
  }

  private synchronized void reconcile(LlmService event) {
    // The event may be older than this loop's own last status write: act on the object as it is.
    LlmService svc;
    try {
      svc =
          client
              .resources(LlmService.class)
              .inNamespace(namespace)
              .withName(event.getMetadata().getName())
              .get();
    } catch (KubernetesClientException e) {
      return;
    }
    if (svc == null || svc.getMetadata().getDeletionTimestamp() != null || svc.getSpec() == null) {
      return;
    }
    long generation = svc.getMetadata().getGeneration();
    LlmServiceStatus status = statusOf(svc);
    boolean finished =
        status.observedGeneration() != null
            && status.observedGeneration() >= generation
            && (status.phase() == Phase.Applied || status.phase() == Phase.Failed);
    if (finished || (status.phase() == Phase.Applying && mode == Mode.STALL)) {
      return;
    }
    try {
      String hash = appliedHash(svc);
      if (hash.equals(status.appliedHash())) {
        // §3.2 step 5: nothing to apply, the generation is done with no new revision.
        writeStatus(svc, s -> with(s, generation, Phase.Applied, "", s.helm(), s.history(), hash));
        return;
      }
      writeStatus(
          svc,
          s ->
              with(
                  s,
                  s.observedGeneration(),
                  Phase.Applying,
                  "",
                  s.helm(),
                  s.history(),
                  s.appliedHash()));
      switch (mode) {
        case STALL -> {}
        case FAIL -> failed(svc, generation, failure);
        case APPLY -> applied(svc, generation, hash);
      }
    } catch (KubernetesClientException e) {
      // The object moved or went meanwhile; the informer delivers its next state.
    }
  }

  private void applied(LlmService svc, long generation, String hash) {
    int revision;
    try {
      revision = runHelm(svc);
    } catch (HelmException | MappingException e) {
      // A helm error, or a spec the operator cannot read as a plan: the generation fails.
      failed(svc, generation, e.getMessage());
      return;
    }
    String revisionName =
        svc.getMetadata().getName()
            + "-"
            + hash.substring("sha256:".length(), "sha256:".length() + 8);
    Map<String, String> swiss = swissAnnotations(svc);
    writeControllerRevision(svc, revisionName, revision, swiss);
    HistoryEntry entry =
        new HistoryEntry(
            revision,
            hash,
            now(),
            revisionName,
            swiss,
            svc.getMetadata().getAnnotations() != null
                && svc.getMetadata()
                    .getAnnotations()
                    .containsKey("serving.modelsphere.dev/force-conflicts"),
            swiss.get(SwissAnnotations.ACTION));
    writeStatus(
        svc,
        s -> {
          List<HistoryEntry> history = new ArrayList<>();
          history.add(entry);
          if (s.history() != null) {
            history.addAll(s.history());
          }
          return with(
              s,
              generation,
              Phase.Applied,
              "",
              new HelmRelease(revision, "deployed"),
              history.subList(0, Math.min(HISTORY_CAP, history.size())),
              hash);
        });
  }

  /** The generation is finished, as a failure with {@code message}; nothing else moves. */
  private void failed(LlmService svc, long generation, String message) {
    writeStatus(
        svc,
        s -> with(s, generation, Phase.Failed, message, s.helm(), s.history(), s.appliedHash()));
  }

  /** The helm revision this generation produces: helm's own when running it, else the next. */
  private int runHelm(LlmService svc) {
    int previous = statusOf(svc).helmRevision();
    HelmReleases running = helm;
    if (running == null) {
      return previous + 1;
    }
    RenderRequest request = PlanCharts.request(PlanMapping.toPlan(svc), "");
    HelmOutcome outcome =
        previous == 0 ? running.install(request, false, false) : running.upgrade(request, false);
    return outcome.revision();
  }

  private void writeControllerRevision(
      LlmService svc, String name, int revision, Map<String, String> swiss) {
    Map<?, ?> spec = client.getKubernetesSerialization().convertValue(svc.getSpec(), Map.class);
    try {
      client
          .apps()
          .controllerRevisions()
          .inNamespace(namespace)
          .resource(
              new ControllerRevisionBuilder()
                  .withNewMetadata()
                  .withName(name)
                  .addToLabels("serving.modelsphere.dev/llmservice", svc.getMetadata().getName())
                  .withOwnerReferences(
                      new OwnerReferenceBuilder()
                          .withApiVersion(svc.getApiVersion())
                          .withKind(svc.getKind())
                          .withName(svc.getMetadata().getName())
                          .withUid(svc.getMetadata().getUid())
                          .withController(true)
                          .build())
                  .endMetadata()
                  .withRevision((long) revision)
                  .withData(Map.of("spec", spec, "annotations", swiss))
                  .build())
          .create();
    } catch (KubernetesClientException e) {
      if (e.getCode() != 409) {
        throw e;
      }
      // The same hash applied again (a rollback): the operator reuses the snapshot it has.
    }
  }

  private interface StatusChange {
    LlmServiceStatus apply(LlmServiceStatus current);
  }

  private void writeStatus(LlmService svc, StatusChange change) {
    client
        .resources(LlmService.class)
        .inNamespace(namespace)
        .withName(svc.getMetadata().getName())
        .editStatus(
            o -> {
              o.setStatus(withResolvedChart(change.apply(statusOf(o)), o));
              return o;
            });
  }

  private static LlmServiceStatus with(
      LlmServiceStatus s,
      Long observedGeneration,
      Phase phase,
      String message,
      HelmRelease helm,
      List<HistoryEntry> history,
      String appliedHash) {
    return new LlmServiceStatus(
        observedGeneration, phase, s.conditions(), message, s.chart(), appliedHash, helm, history);
  }

  /**
   * The chart the operator resolved: the spec's, as written (no repository is asked here, so a
   * range stays a range).
   */
  private static LlmServiceStatus withResolvedChart(LlmServiceStatus s, LlmService svc) {
    ResolvedChart chart =
        svc.getSpec() == null || svc.getSpec().chart() == null
            ? s.chart()
            : new ResolvedChart(svc.getSpec().chart().name(), svc.getSpec().chart().version());
    return new LlmServiceStatus(
        s.observedGeneration(),
        s.phase(),
        s.conditions(),
        s.message(),
        chart,
        s.appliedHash(),
        s.helm(),
        s.history());
  }

  private static LlmServiceStatus statusOf(LlmService svc) {
    return svc.getStatus() == null
        ? new LlmServiceStatus(null, null, null, null, null, null, null, null)
        : svc.getStatus();
  }

  private static Map<String, String> swissAnnotations(LlmService svc) {
    Map<String, String> out = new LinkedHashMap<>();
    if (svc.getMetadata().getAnnotations() != null) {
      svc.getMetadata()
          .getAnnotations()
          .forEach(
              (k, v) -> {
                if (SwissAnnotations.isSwiss(k)) {
                  out.put(k, v);
                }
              });
    }
    return out;
  }

  private String appliedHash(LlmService svc) {
    try {
      Map<String, Object> hashed = new LinkedHashMap<>();
      hashed.put("chart", svc.getSpec().chart());
      hashed.put("layers", svc.getSpec().layers());
      Object tree = SORTED.readValue(SORTED.writeValueAsBytes(hashed), Object.class);
      byte[] digest =
          MessageDigest.getInstance("SHA-256")
              .digest(SORTED.writeValueAsString(tree).getBytes(StandardCharsets.UTF_8));
      return "sha256:" + HexFormat.of().formatHex(digest);
    } catch (java.io.IOException | NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String now() {
    return Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
  }

  @Override
  public void close() {
    informer.close();
  }
}
