package dev.modelsphere.swiss.deploy.usecase;

import dev.modelsphere.swiss.catalog.IndexCache;
import dev.modelsphere.swiss.config.Cluster;
import dev.modelsphere.swiss.config.Config;
import dev.modelsphere.swiss.config.ProfileSource;
import dev.modelsphere.swiss.config.Server;
import dev.modelsphere.swiss.deploy.GpuProductCheck;
import dev.modelsphere.swiss.deploy.PlanComposer;
import dev.modelsphere.swiss.deploy.PlanInput;
import dev.modelsphere.swiss.deploy.PlanReviews;
import dev.modelsphere.swiss.deploy.PreflightGate;
import dev.modelsphere.swiss.deploy.ReleasePlans;
import dev.modelsphere.swiss.deploy.ReleaseWrites;
import dev.modelsphere.swiss.deploy.approval.Approvals;
import dev.modelsphere.swiss.deploy.assembly.DeployUseCases;
import dev.modelsphere.swiss.deploy.fake.InMemoryBackend;
import dev.modelsphere.swiss.deploy.fake.InMemoryBackends;
import dev.modelsphere.swiss.deploy.fake.InMemoryDiffs;
import dev.modelsphere.swiss.deploy.preflight.GpuFitRule;
import dev.modelsphere.swiss.deploy.preflight.GpuNodes;
import dev.modelsphere.swiss.deploy.preflight.Preflight;
import dev.modelsphere.swiss.deploy.preflight.ReleaseIdentityRule;
import dev.modelsphere.swiss.deploy.preflight.RouteCollisionRule;
import dev.modelsphere.swiss.deploy.preflight.ServiceIdRule;
import dev.modelsphere.swiss.deploy.writes.DetachedRuns;
import dev.modelsphere.swiss.kube.GpuResources;
import dev.modelsphere.swiss.sitestate.CatalogCache;
import dev.modelsphere.swiss.sitestate.ChartListings;
import dev.modelsphere.swiss.sitestate.FileProfileStore;
import dev.modelsphere.swiss.sitestate.SiteCatalogs;
import dev.modelsphere.swiss.sitestate.SiteProfiles;
import dev.modelsphere.swiss.store.Run;
import dev.modelsphere.swiss.store.RunFilter;
import dev.modelsphere.swiss.store.Store;
import dev.modelsphere.swiss.testing.SharedFixtures;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The deploy use cases wired as {@code swiss serve} wires them, with the cluster kept in memory:
 * the real composer over the fixture catalog and charts, the real preflight (every rule that needs
 * no API server: release identity, route collision, service id, GPU fit), the real approvals, the
 * real audit log on SQLite in a temporary folder, and the writes run detached and recorded as the
 * server runs them. Only the backend, the diff and the GPU nodes are in memory ({@code
 * deploy.fake}), each proven against the test cluster by its own tests.
 */
final class InMemorySite implements AutoCloseable {
  /** The one namespace this site serves. */
  static final String NS = "models";

  /** The fixture catalog's model with one variant: sglang on two GPUs of any product. */
  static final String MODEL = "modelforge";

  private static final Duration TTL = Duration.ofMinutes(1);

  final InMemoryBackend backend = new InMemoryBackend();
  final Store store;
  final Approvals approvals;
  final PlanReviews reviews;
  final ReleaseWrites writes;
  private final DetachedRuns runs;

  /**
   * @param dir where the profile and the database are kept
   * @param requireApproval the profile's {@code requireApproval}
   * @param nodes the GPU nodes preflight and the composer see
   */
  InMemorySite(Path dir, boolean requireApproval, GpuNodes nodes) {
    Clock clock = Clock.systemUTC();
    SiteProfiles profiles =
        new SiteProfiles(new FileProfileStore(profile(dir, requireApproval)), TTL, clock);
    Config config =
        new Config(
            SharedFixtures.modelCatalog().toString(),
            new Cluster(
                new ProfileSource(dir.resolve("profile.yaml").toString(), "", ""),
                List.of(NS),
                null,
                null),
            Server.defaults(),
            null,
            "");
    InMemoryBackends backends = new InMemoryBackends(backend);
    PlanComposer composer =
        new PlanComposer(
            new SiteCatalogs(profiles, config, new CatalogCache(TTL, IndexCache.at(null), clock)),
            profiles,
            ChartListings.ofRepositories(TTL, clock),
            new ReleasePlans(backends),
            GpuResources.defaults(),
            new GpuProductCheck(DeployUseCases.ClusterReads.products(nodes)));
    Preflight preflight =
        new Preflight(
            List.of(
                new ReleaseIdentityRule(List.of(NS), backend::namespacesHolding),
                new RouteCollisionRule(backend::currentPlans),
                new ServiceIdRule(backend::currentPlans),
                new GpuFitRule(nodes, GpuResources.defaults())));
    this.store = Store.open(dir.resolve("swiss.db"));
    this.runs = new DetachedRuns(Optional.of(store), clock);
    this.approvals =
        new Approvals(
            store,
            profiles::profileIfReadable,
            (ns, release) -> backend.live(ns, release).revision(),
            Duration.ofHours(1),
            clock);
    this.reviews =
        new PlanReviews(
            composer,
            preflight,
            Optional.of(store),
            Runnable::run,
            new InMemoryDiffs(backend),
            backends,
            clock);
    this.writes =
        new ReleaseWrites(
            backends, new PreflightGate(preflight, composer), runs, approvals, List.of(NS));
  }

  /** A request for {@link #MODEL} as {@code release}, with {@code form} as its form layer. */
  static PlanInput request(String release, Map<String, Object> form) {
    return request(release, NS, form);
  }

  static PlanInput request(String release, String namespace, Map<String, Object> form) {
    return new PlanInput(
        "", "", MODEL, "", "", release, namespace, "", "", List.of(), false, form, "", "", false,
        "", "", false);
  }

  /** A request to carry {@code release} forward with {@code form} over its form. */
  static PlanInput upgrade(String release, Map<String, Object> form) {
    return new PlanInput(
        release, "", "", "", "", "", NS, "", "", List.of(), false, form, "", "", false, "", "",
        false);
  }

  /** The audit log of {@code release}, newest first. */
  List<Run> runsOf(String release) {
    return store.runs(new RunFilter(NS, release, "", 0));
  }

  /** The runs of writes to {@code release}, newest first: the approvals' own steps left out. */
  List<Run> writesOf(String release) {
    return runsOf(release).stream().filter(run -> !run.action().startsWith("approval-")).toList();
  }

  @Override
  public void close() {
    runs.close();
    store.close();
  }

  private static Path profile(Path dir, boolean requireApproval) {
    Path file = dir.resolve("profile.yaml");
    try {
      Files.writeString(
          file,
          """
          name: test-site
          namespace: %s
          chartPath: %s
          requireApproval: %s
          model:
            pathTemplate: /models/{{org}}/{{name}}
          """
              .formatted(NS, SharedFixtures.helmCharts(), requireApproval));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return file;
  }
}
