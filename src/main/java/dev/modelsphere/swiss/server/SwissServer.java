package dev.modelsphere.swiss.server;

import dev.modelsphere.swiss.canary.Relationships;
import dev.modelsphere.swiss.chartrepo.ChartArchives;
import dev.modelsphere.swiss.config.Auth;
import dev.modelsphere.swiss.config.Config;
import dev.modelsphere.swiss.deploy.PlanReviews;
import dev.modelsphere.swiss.deploy.ProfileChanges;
import dev.modelsphere.swiss.deploy.SloChanges;
import dev.modelsphere.swiss.deploy.approval.Approvals;
import dev.modelsphere.swiss.deploy.approval.WriteApprovals;
import dev.modelsphere.swiss.deploy.assembly.DeployCore;
import dev.modelsphere.swiss.deploy.assembly.DeployUseCases;
import dev.modelsphere.swiss.deploy.backend.PlanRenders;
import dev.modelsphere.swiss.deploy.preflight.GpuNodes;
import dev.modelsphere.swiss.deploy.view.DeploymentsView;
import dev.modelsphere.swiss.deploy.view.Fleet;
import dev.modelsphere.swiss.deploy.view.FleetPlans;
import dev.modelsphere.swiss.deploy.view.FleetReleaseHolders;
import dev.modelsphere.swiss.deploy.view.FleetReleaseRecords;
import dev.modelsphere.swiss.deploy.view.ObjectsView;
import dev.modelsphere.swiss.deploy.view.RevisionsView;
import dev.modelsphere.swiss.deploy.view.StatusView;
import dev.modelsphere.swiss.deploy.writes.DaemonThreads;
import dev.modelsphere.swiss.deploy.writes.ReleaseLocks;
import dev.modelsphere.swiss.deploy.writes.Writer;
import dev.modelsphere.swiss.helm.ChartRenderer;
import dev.modelsphere.swiss.helm.HelmReleases;
import dev.modelsphere.swiss.helm.NativeMemory;
import dev.modelsphere.swiss.helm.ReleaseStorage;
import dev.modelsphere.swiss.helm.ValuesSchemaCheck;
import dev.modelsphere.swiss.kube.GpuResources;
import dev.modelsphere.swiss.kube.GpuUseHistory;
import dev.modelsphere.swiss.kube.KindCache;
import dev.modelsphere.swiss.kube.Kube;
import dev.modelsphere.swiss.kube.KubeNames;
import dev.modelsphere.swiss.kube.NodeInventory;
import dev.modelsphere.swiss.kube.Pods;
import dev.modelsphere.swiss.llmsvc.LlmServiceAccess;
import dev.modelsphere.swiss.llmsvc.LlmServiceClient;
import dev.modelsphere.swiss.server.auth.Actor;
import dev.modelsphere.swiss.server.auth.AdminRole;
import dev.modelsphere.swiss.server.auth.AuthException;
import dev.modelsphere.swiss.server.auth.AuthGuard;
import dev.modelsphere.swiss.server.auth.Authenticator;
import dev.modelsphere.swiss.server.auth.ClientAddress;
import dev.modelsphere.swiss.server.auth.CredentialFiles;
import dev.modelsphere.swiss.server.auth.Login;
import dev.modelsphere.swiss.server.auth.LoginThrottle;
import dev.modelsphere.swiss.server.auth.MemoryFailedLogins;
import dev.modelsphere.swiss.server.auth.SessionCookie;
import dev.modelsphere.swiss.server.auth.SessionTokens;
import dev.modelsphere.swiss.server.auth.SharedFailedLogins;
import dev.modelsphere.swiss.server.auth.TokenRevocations;
import dev.modelsphere.swiss.server.events.ClusterEvents;
import dev.modelsphere.swiss.server.events.EventHub;
import dev.modelsphere.swiss.server.http.HttpApp;
import dev.modelsphere.swiss.server.http.ParamRule;
import dev.modelsphere.swiss.server.http.RouteGroup;
import dev.modelsphere.swiss.server.http.ServedHosts;
import dev.modelsphere.swiss.server.routes.ApprovalRoutes;
import dev.modelsphere.swiss.server.routes.CatalogRoutes;
import dev.modelsphere.swiss.server.routes.ClusterRoutes;
import dev.modelsphere.swiss.server.routes.DeployRoutes;
import dev.modelsphere.swiss.server.routes.DeploymentRoutes;
import dev.modelsphere.swiss.server.routes.EventRoutes;
import dev.modelsphere.swiss.server.routes.HealthRoutes;
import dev.modelsphere.swiss.server.routes.MetricsRoutes;
import dev.modelsphere.swiss.server.routes.ProfileRoutes;
import dev.modelsphere.swiss.server.routes.ReleaseCheckRoutes;
import dev.modelsphere.swiss.server.routes.ReleasePlanRoutes;
import dev.modelsphere.swiss.server.routes.ReleaseViewRoutes;
import dev.modelsphere.swiss.server.routes.RunRoutes;
import dev.modelsphere.swiss.server.routes.SessionRoutes;
import dev.modelsphere.swiss.server.routes.SloRoutes;
import dev.modelsphere.swiss.server.routes.WebRoutes;
import dev.modelsphere.swiss.server.state.BackgroundLeader;
import dev.modelsphere.swiss.server.state.CatalogLookups;
import dev.modelsphere.swiss.server.state.ClusterPing;
import dev.modelsphere.swiss.server.state.CopyAge;
import dev.modelsphere.swiss.server.state.Readiness;
import dev.modelsphere.swiss.server.state.WatchesSynced;
import dev.modelsphere.swiss.server.upstream.Entrypoints;
import dev.modelsphere.swiss.server.upstream.ModelChecks;
import dev.modelsphere.swiss.server.upstream.SloServer;
import dev.modelsphere.swiss.server.upstream.UpstreamPolicy;
import dev.modelsphere.swiss.sitestate.GpuNode;
import dev.modelsphere.swiss.sitestate.SiteState;
import dev.modelsphere.swiss.store.DatabasePassword;
import dev.modelsphere.swiss.store.FailedLogins;
import dev.modelsphere.swiss.store.Store;
import dev.modelsphere.swiss.store.StoreException;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.Handler;
import io.javalin.util.JavalinBindException;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code swiss serve}: the HTTP API over the cluster, built from the config document. Every route
 * group is listed in {@link #routeGroups}, the one place routes are added.
 */
public final class SwissServer {
  private static final Logger LOG = LoggerFactory.getLogger(SwissServer.class);

  /** Below the readiness route's own deadline, so a hung API server still gets a proper answer. */
  private static final Duration PING_TIMEOUT = Duration.ofSeconds(4);

  /** How far back the Nodes page's GPU allocation reaches: a working day's rollouts. */
  private static final Duration GPU_HISTORY = Duration.ofHours(8);

  private static final String NOT_FETCHED = "not fetched";

  /**
   * A namespace or release in a path that cannot exist is the request's fault (400), answered
   * before any lookup: the API server would refuse it in ways that read as its own failure.
   */
  private static final Map<String, ParamRule> NAME_RULES =
      Map.of("namespace", KubeNames::namespaceProblem, "release", KubeNames::releaseProblem);

  private final Config config;
  private final ServerOptions options;
  private final PrometheusMeterRegistry meters =
      new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
  private final Optional<Store> store;

  /** Writes proposed plans beside their preflight ({@link PlanReviews#propose}). */
  private final ExecutorService planWrites =
      Executors.newCachedThreadPool(DaemonThreads.numbered("swiss-plan-write"));

  private final Optional<CredentialFiles> credentials;
  private final Kube kube;
  private final SiteState site;
  private final LlmServiceClient services;
  private final LlmServiceAccess access;
  private final Fleet fleet;
  private final NodeInventory nodes;
  private final GpuUseHistory gpuHistory;
  private final Optional<Approvals> approvals;
  private final CatalogLookups catalogLookups;
  private final CopyAge copyAge;
  private final ChartRenderer charts;

  /** Shared by preflight, the differ and the helm deployer: an install renders its plan once. */
  private final PlanRenders renders;

  /** The deploy core's collaborators and threads; closed at stop. */
  private final DeployCore core;

  /** Preflight's check of a plan's values against its chart's schema, without a render. */
  private final ValuesSchemaCheck schemas;

  private final RevisionsView revisions;

  /**
   * Settles interrupted applies, on the one replica elected to, in the background; only a server
   * that deploys stands. Closed with the server, handing the work to another replica.
   */
  private final Optional<BackgroundLeader> leader;

  private final Readiness readiness;

  /** The sessions logouts ended: refused by the guard, their event streams ended. */
  private final TokenRevocations revocations;

  private final EventHub events;
  private final ClusterEvents clusterEvents;
  private final Javalin app;

  private SwissServer(
      Config config, KubernetesClient client, ServerOptions options, Optional<Store> store) {
    this.config = config;
    this.options = options;
    this.store = store;
    Auth auth = config.server().auth();
    this.credentials =
        auth.disabled() ? Optional.empty() : Optional.of(new CredentialFiles(Path.of(auth.dir())));
    this.kube = new Kube(client);
    this.services = new LlmServiceClient(client);
    this.access = LlmServiceAccess.of(services, options.clock());
    this.site = SiteState.open(config, kube, options.version(), access, options.clock());
    this.fleet = Fleet.start(client, config.cluster().namespaces(), access, options.clock());
    this.nodes =
        new NodeInventory(
            fleet.cache(), GpuResources.withOverrides(config.server().gpuProductLabels()));
    this.gpuHistory =
        new GpuUseHistory(() -> nodes.report("").summary(), GPU_HISTORY, options.clock())
            .follow(nodes);
    this.catalogLookups = new CatalogLookups(site.catalogs());
    ChartArchives archives = ChartArchives.inUserCache();
    this.charts = new ChartRenderer(archives);
    this.schemas = new ValuesSchemaCheck(Optional.of(archives));
    // The deploy core's limit, so its writes and these reads share one connection to the cluster.
    HelmReleases helmReleases =
        new HelmReleases(charts, options.helmKubeConfig())
            .withApiServerSilence(options.deployTimes().apiServerSilence());
    this.renders = PlanRenders.of(charts);
    this.core =
        new DeployCore(
            // A diff and a write's first look read the watch of helm's storage: neither lists.
            new DeployCore.Cluster(
                kube,
                services,
                access,
                helmReleases,
                new FleetReleaseRecords(fleet, new ReleaseStorage(client)::newest)),
            renders,
            new ReleaseLocks("swiss serve"),
            DeployUseCases.settings(
                config,
                "",
                options.deployTimes(),
                DeployUseCases.podSecurityLabels(DeployUseCases.Site.of(site))),
            store,
            options.clock());
    this.leader =
        config.server().allowDeploy()
            ? Optional.of(
                new BackgroundLeader(
                    client,
                    leaderNamespace(config, options),
                    Writer.thisProcess("swiss serve").identity()
                        + " #"
                        + UUID.randomUUID().toString().substring(0, 8),
                    BackgroundLeader.Timing.within(options.deployTimes().lease()),
                    this::sweepInterruptedApplies,
                    options.deployTimes().lease()))
            : Optional.empty();
    WatchesSynced watches = new WatchesSynced(fleet);
    watches.registerSizes(meters);
    ClusterPing ping = new ClusterPing(client, PING_TIMEOUT, options.clock());
    this.copyAge = new CopyAge(fleet, ping);
    this.readiness = new Readiness(List.of(ping, watches), readinessNotes());
    SessionTokens tokens = new SessionTokens(auth.tokenTTL(), options.clock());
    SessionCookie cookie = new SessionCookie(auth.cookieSecure());
    this.revisions = new RevisionsView(core.backends(), helmReleases, core.storage());
    this.approvals =
        config.server().allowDeploy()
            ? store.map(
                s ->
                    new Approvals(
                        s,
                        site.profiles()::profileIfReadable,
                        (ns, release) ->
                            core.backends().reads(ns, release).live(ns, release).revision(),
                        config.server().approvalTTL(),
                        options.clock()))
            : Optional.empty();
    this.revocations = new TokenRevocations(store.map(Store::revocations), tokens, options.clock());
    this.events = new EventHub(options.events(), options.clock(), revocations::revokedAmong);
    revocations.onRevoke(events::endSession);
    meters.gauge("swiss.event.streams", events, EventHub::openStreams);
    registerMemoryMeters();
    this.clusterEvents = ClusterEvents.start(fleet, nodes, events);
    ServedHosts hosts = servedHosts(config);
    this.app =
        HttpApp.create(
            guard(tokens, cookie),
            meters,
            routeGroups(tokens, cookie, readinessDetails(hosts, tokens)),
            NAME_RULES,
            config.server().basePath(),
            hosts);
  }

  /**
   * The two halves of the resident set: the JVM's memory pools, and what the in-process Helm
   * library's Go runtime has mapped (0 until the first Helm call loads it).
   */
  private void registerMemoryMeters() {
    new JvmMemoryMetrics().bindTo(meters);
    Map<String, ToLongFunction<NativeMemory>> parts =
        Map.of(
            "mapped", NativeMemory::mappedBytes,
            "heap", NativeMemory::heapBytes,
            "limit", NativeMemory::limitBytes);
    parts.forEach(
        (part, read) ->
            Gauge.builder(
                    "swiss.helm.native.memory",
                    () -> NativeMemory.ifLoaded().map(read::applyAsLong).orElse(0L))
                .description("memory of the in-process Helm library's Go runtime")
                .baseUnit("bytes")
                .tag("part", part)
                .register(meters));
  }

  /**
   * A server for this config, not yet listening: the login credentials are read and, when deploys
   * are allowed, the database is opened, so a broken setup is refused before anything listens.
   *
   * @param config a config that passed {@link Config#validateServer()}
   * @throws ServerException naming what cannot be used and what to do
   */
  public static SwissServer assemble(
      Config config, KubernetesClient client, ServerOptions options) {
    checkCredentials(config.server().auth());
    return new SwissServer(config, client, options, openStore(config, options.databasePassword()));
  }

  private List<RouteGroup> routeGroups(
      SessionTokens tokens, SessionCookie cookie, Predicate<Context> readinessDetails) {
    Relationships relationships = new Relationships(config.canary());
    UpstreamPolicy upstream = UpstreamPolicy.of(config.server().security());
    return List.of(
        new HealthRoutes(options.version(), readiness, readinessDetails),
        new MetricsRoutes(meters),
        new SessionRoutes(loginParts(tokens, cookie), site.profiles()::initialized),
        new RunRoutes(store),
        new ClusterRoutes(site.clusterView()),
        new CatalogRoutes(site, this::gpuNodes),
        new ProfileRoutes(
            site.profiles(),
            new ProfileChanges(site.profileWriter(), writeApprovals(), core.runs())),
        new DeploymentRoutes(
            new DeploymentsView(
                fleet,
                relationships,
                GpuResources.withOverrides(config.server().gpuProductLabels())),
            nodes,
            gpuHistory,
            copyAge,
            site.profiles(),
            catalogLookups),
        new ReleasePlanRoutes(core.plans()),
        new ReleaseViewRoutes(
            new StatusView(
                core.backends(), new Pods(kube.client(), options.clock()), relationships),
            new ObjectsView(kube),
            revisions,
            site.profiles(),
            catalogLookups),
        new ReleaseCheckRoutes(
            core.plans(),
            site.profiles(),
            new Entrypoints(kube, options.serviceAddresses(), options.namespace(), upstream),
            new ModelChecks(upstream)),
        new SloRoutes(
            site.profiles(),
            new SloServer(kube, options.namespace(), upstream),
            config.server().allowDeploy(),
            new SloChanges(writeApprovals(), core.runs())),
        new DeployRoutes(deployParts()),
        new ApprovalRoutes(approvals),
        new EventRoutes(events, credentials.isPresent()),
        // Add new route groups above this line: the web UI answers every path left over.
        new WebRoutes(options.webRoot()));
  }

  /**
   * Starts listening.
   *
   * @throws ServerException when the address is taken or cannot be bound
   */
  public SwissServer start(ListenAddress address) {
    leader.ifPresent(BackgroundLeader::start);
    try {
      app.start(address.bindHost(), address.port());
    } catch (JavalinBindException e) {
      throw new ServerException(
          "cannot listen on %s: the port is in use -- stop what holds it, or pass another --addr"
              .formatted(address.url(address.port()).replaceFirst("^http://", "")),
          e);
    }
    return this;
  }

  public int port() {
    return app.port();
  }

  /**
   * Ends the event streams (they would otherwise hold the drain for its whole length), stops taking
   * requests, lets those in flight finish (see {@link HttpApp#stop}), then stops every thread the
   * server started: the leader's work, the events, the deploy core's, the watches'.
   */
  public void stop() {
    events.close();
    try {
      HttpApp.stop(app);
    } finally {
      leader.ifPresent(BackgroundLeader::close);
      clusterEvents.close();
      gpuHistory.close();
      core.close();
      fleet.close();
      // The drain above waited for every plan request, and with it for its write.
      planWrites.shutdown();
      store.ifPresent(Store::close);
    }
  }

  /**
   * What a write spends on a site that requires approval: the stored approvals, or, without a
   * database to keep them, a refusal that says so.
   */
  private WriteApprovals writeApprovals() {
    return approvals
        .<WriteApprovals>map(a -> a)
        .orElseGet(() -> WriteApprovals.withoutDatabase(site.profiles()::profileIfReadable));
  }

  /** What the write routes need; none on a read-only server, whose write routes answer 403. */
  private Optional<DeployRoutes.Parts> deployParts() {
    if (!config.server().allowDeploy()) {
      return Optional.empty();
    }
    // The use cases the CLI assembles too; the rules that read the cluster read the watches this
    // server keeps anyway: a plan, diff or install lists nothing, however many releases it holds.
    DeployUseCases useCases =
        new DeployUseCases(
            config,
            core,
            DeployUseCases.Site.of(site),
            new DeployUseCases.ClusterReads(
                FleetPlans.following(fleet), new FleetReleaseHolders(fleet), GpuNodes.of(nodes)),
            schemas,
            writeApprovals());
    // The differ shares its renders with preflight and the deployer.
    PlanReviews reviews =
        new PlanReviews(
            useCases.composer(),
            useCases.preflight(),
            store,
            planWrites,
            core.differ(),
            core.backends(),
            options.clock());
    return Optional.of(new DeployRoutes.Parts(reviews, useCases.writes()));
  }

  /**
   * The Lease of the leader lives in the server's own namespace (the pod's); outside a cluster, in
   * the first namespace it manages, else {@code default}.
   */
  private static String leaderNamespace(Config config, ServerOptions options) {
    if (!options.namespace().isEmpty()) {
      return options.namespace();
    }
    List<String> managed = config.cluster().namespaces();
    return managed.isEmpty() ? "default" : managed.get(0);
  }

  /**
   * An apply whose writer died (a killed replica, a CLI closed mid-write) reads as failed once its
   * lock lapsed: settled by the leader, in the background, so a slow API server does not delay
   * listening. Swept from the watch's copy of the plan ConfigMaps, so a round reads nothing live
   * unless a record claims an apply; the first round waits for the copy's first list.
   */
  private void sweepInterruptedApplies() {
    KindCache<ConfigMap> plans = fleet.cache().planConfigMaps();
    if (!plans.awaitSettled(options.deployTimes().lease()) || !plans.refusal().isEmpty()) {
      LOG.warn(
          "interrupted applies not swept this round: {}",
          plans.refusal().isEmpty()
              ? "the watch of plan configmaps has not listed them yet"
              : plans.refusal());
      return;
    }
    try {
      int settled = core.sweepInterrupted(plans.items());
      if (settled > 0) {
        LOG.info("settled {} interrupted apply(s) as failed", settled);
      }
    } catch (RuntimeException e) {
      LOG.warn("interrupted applies not swept: {}", e.getMessage());
    }
  }

  /** The watches behind the lists, for tests and benchmarks that wait for them. */
  public Fleet fleet() {
    return fleet;
  }

  /** The GPU facts of the nodes the watch holds: the form's product list costs no request. */
  private List<GpuNode> gpuNodes() {
    return DeployUseCases.ClusterReads.products(GpuNodes.of(nodes)).nodes();
  }

  /** Where the server's own metrics go; later parts register gauges (informer sizes) here. */
  public MeterRegistry meters() {
    return meters;
  }

  public Optional<Store> store() {
    return store;
  }

  public SiteState site() {
    return site;
  }

  /** Every route as {@code METHOD path}, as Javalin will match them. */
  public List<String> routeTable() {
    return app.unsafe.internalRouter.allHttpHandlers().stream()
        .map(parsed -> parsed.endpoint)
        .filter(endpoint -> endpoint.method.isHttpMethod())
        .map(endpoint -> endpoint.method.name() + " " + endpoint.path)
        .toList();
  }

  /** What {@code /readyz} reports beside the gates; never a fetch, only what is cached. */
  private Map<String, Supplier<String>> readinessNotes() {
    Map<String, Supplier<String>> notes = new LinkedHashMap<>();
    notes.put("catalog", this::heldCatalogs);
    notes.put("profile", () -> site.profiles().cachedName().orElse(NOT_FETCHED));
    // A note, not a gate: a replica without its database still serves what it reads from the
    // cluster, so it stays in its Service; its writes answer 503 until the database is back.
    notes.put("database", () -> store.map(Store::check).orElse("none"));
    notes.put("leader", this::leaderNote);
    return notes;
  }

  /** Which replica does the background work: this one, another (by name), or none yet. */
  private String leaderNote() {
    if (leader.isEmpty()) {
      return "none (read-only)";
    }
    BackgroundLeader elected = leader.get();
    if (elected.leading()) {
      return "this replica";
    }
    return elected.leader().isEmpty() ? "not elected yet" : elected.leader();
  }

  private String heldCatalogs() {
    List<String> refs = site.catalogs().cache().heldRefs();
    return refs.isEmpty() ? NOT_FETCHED : String.join(", ", refs);
  }

  private Optional<SessionRoutes.LoginParts> loginParts(
      SessionTokens tokens, SessionCookie cookie) {
    return credentials.map(
        files ->
            new SessionRoutes.LoginParts(
                new Login(files, tokens, loginThrottle(), options.failedLoginPenalty()),
                authenticator(files, tokens),
                cookie,
                new ClientAddress(config.server().security().trustedProxyHops()),
                revocations));
  }

  /** Counted in the database when there is one, so every replica sharing it refuses alike. */
  private LoginThrottle loginThrottle() {
    FailedLogins failures =
        store
            .<FailedLogins>map(s -> new SharedFailedLogins(s.loginFailures()))
            .orElseGet(MemoryFailedLogins::new);
    return new LoginThrottle(failures, options.clock());
  }

  /**
   * Who sees why {@code /readyz} says what it says: whoever may read the API (a logged-in caller,
   * or anyone when there is no login), by a name the server answers to.
   */
  private Predicate<Context> readinessDetails(ServedHosts hosts, SessionTokens tokens) {
    if (credentials.isEmpty()) {
      return hosts::allows;
    }
    Authenticator authenticator = authenticator(credentials.get(), tokens);
    return ctx -> hosts.allows(ctx) && authenticator.authenticate(ctx).isPresent();
  }

  private static ServedHosts servedHosts(Config config) {
    try {
      return ServedHosts.of(config.server().security(), config.server().auth().disabled());
    } catch (IllegalArgumentException e) {
      throw new ServerException(e.getMessage() + " -- fix the server config", e);
    }
  }

  private Handler guard(SessionTokens tokens, SessionCookie cookie) {
    if (credentials.isEmpty()) {
      return Actor::anonymous;
    }
    CredentialFiles files = credentials.get();
    return new AuthGuard(
        authenticator(files, tokens),
        files,
        tokens,
        cookie,
        new AdminRole(config.server().auth().admins()));
  }

  private Authenticator authenticator(CredentialFiles files, SessionTokens tokens) {
    return new Authenticator(files, tokens, revocations);
  }

  private static void checkCredentials(Auth auth) {
    if (auth.disabled()) {
      return;
    }
    try {
      new CredentialFiles(Path.of(auth.dir())).current();
    } catch (AuthException e) {
      throw new ServerException(
          "login credentials: %s -- mount the Secret at %s, or set server.auth.disabled"
              .formatted(e.getMessage(), auth.dir()),
          e);
    }
  }

  /** Without deploys there is no database, as in the reference: nothing would write to it. */
  private static Optional<Store> openStore(Config config, DatabasePassword password) {
    if (!config.server().allowDeploy()) {
      return Optional.empty();
    }
    try {
      return Optional.of(Store.open(config.server().database(), password));
    } catch (StoreException e) {
      throw new ServerException(
          "%s -- point server.database at a file this user can write, or a PostgreSQL server it"
                  .formatted(e.getMessage())
              + " reaches",
          e);
    }
  }
}
