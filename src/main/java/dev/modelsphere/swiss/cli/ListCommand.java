package dev.modelsphere.swiss.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.modelsphere.swiss.canary.Relationships;
import dev.modelsphere.swiss.config.Config;
import dev.modelsphere.swiss.deploy.view.CatalogRefs;
import dev.modelsphere.swiss.deploy.view.DeploymentRow;
import dev.modelsphere.swiss.deploy.view.DeploymentsPage;
import dev.modelsphere.swiss.deploy.view.DeploymentsView;
import dev.modelsphere.swiss.deploy.view.Fleet;
import dev.modelsphere.swiss.deploy.view.Paging;
import dev.modelsphere.swiss.kube.Kube;
import dev.modelsphere.swiss.llmsvc.LlmServiceAccess;
import dev.modelsphere.swiss.llmsvc.LlmServiceClient;
import dev.modelsphere.swiss.server.state.CatalogLookups;
import dev.modelsphere.swiss.site.Profile;
import dev.modelsphere.swiss.sitestate.SiteState;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** The deployments view of {@code swiss serve}, read from the cluster once. */
@Command(
    name = "list",
    aliases = "ls",
    mixinStandardHelpOptions = true,
    description =
        "List the releases: those swiss deployed (helm or LLMService) and helm's own, untracked,"
            + " with phase, drift and Canary relationship.")
public final class ListCommand implements Runnable {
  /** How long the first lists may take before the command gives up. */
  static final Duration LISTS_TIMEOUT = Duration.ofSeconds(30);

  /** The longest drift a table shows: the wide table and JSON carry it whole. */
  private static final int DRIFT_WIDTH = 32;

  @Mixin GlobalOptions global;

  @Option(
      names = {"-n", "--namespace"},
      description = "Only this namespace (default: the site profile's, else every namespace).")
  String namespace;

  @Option(
      names = {"-A", "--all-namespaces"},
      description = "Every namespace the credentials can read.")
  boolean allNamespaces;

  @Mixin OutputFormat output;
  @Mixin ServerOption server;
  @Mixin ClusterOptions cluster;
  @Spec CommandSpec spec;

  @Override
  public void run() {
    Optional<SwissApi> api = server.api();
    if (api.isPresent()) {
      JsonNode page = throughServer(api.get());
      output.print(
          spec.commandLine().getOut(),
          page,
          wide -> table(page.path("deployments"), wide, !GlobalOptions.empty(namespace)));
      return;
    }
    List<String> scope = scope();
    Clock clock = Clock.systemUTC();
    try (KubernetesClient client = cluster.target(global.config.path).connect();
        Fleet fleet =
            Fleet.start(
                client, scope, LlmServiceAccess.of(new LlmServiceClient(client), clock), clock)) {
      if (!fleet.awaitSettled(LISTS_TIMEOUT)) {
        throw new CliException(
            "the cluster did not answer the release lists within %ds: is %s reachable?"
                .formatted(LISTS_TIMEOUT.toSeconds(), client.getMasterUrl()));
      }
      Site site = site(client, clock);
      DeploymentsPage page =
          whole(
              new DeploymentsView(
                  fleet, new Relationships(ClusterOptions.canaryKeys(global.config.path))),
              site);
      boolean oneNamespace = scope.size() == 1;
      JsonNode answer = StatusJson.tree(page);
      output.print(
          spec.commandLine().getOut(),
          answer,
          wide -> table(answer.path("deployments"), wide, oneNamespace));
    }
  }

  /**
   * The server's list, every page of it in one answer as the local one is; {@code -n} keeps one
   * namespace's rows (the server lists the namespaces it serves).
   */
  private JsonNode throughServer(SwissApi api) {
    ArrayNode rows = JsonNodeFactory.instance.arrayNode();
    JsonNode page;
    int number = 1;
    int seen = 0;
    do {
      page =
          api.get("/api/deployments?page=%d&perPage=%d".formatted(number++, Paging.MAX_PER_PAGE));
      for (JsonNode row : page.path("deployments")) {
        seen++;
        if (GlobalOptions.empty(namespace) || namespace.equals(row.path("namespace").asText())) {
          rows.add(row);
        }
      }
    } while (seen < page.path("summary").path("total").asInt()
        && !page.path("deployments").isEmpty());
    ObjectNode whole = page.deepCopy();
    whole.put("page", 1);
    whole.put("perPage", rows.size());
    whole.set("deployments", rows);
    return whole;
  }

  /** Where to look: {@code -A} everywhere, else {@code -n}, else the profile's namespace. */
  private List<String> scope() {
    if (allNamespaces) {
      if (!GlobalOptions.empty(namespace)) {
        throw new CliException("pass -n NAMESPACE or -A, not both");
      }
      return List.of();
    }
    String ns = GlobalOptions.empty(namespace) ? profileNamespace() : namespace;
    return GlobalOptions.empty(ns) ? List.of() : List.of(ns);
  }

  private String profileNamespace() {
    try {
      String profile = global.resolve().profileFile();
      return GlobalOptions.empty(profile) ? "" : Profile.load(Path.of(profile)).namespace();
    } catch (CliException noProfileFile) {
      return "";
    }
  }

  /** The site's name and catalogs as swiss serve sees them, from the config; none without one. */
  private record Site(String name, CatalogRefs catalogs) {}

  private Site site(KubernetesClient client, Clock clock) {
    Path found = Config.find(global.config.path);
    if (found == null) {
      return new Site("", CatalogRefs.none());
    }
    SiteState state =
        SiteState.open(
            Config.load(found),
            new Kube(client),
            Main.version(),
            LlmServiceAccess.of(new LlmServiceClient(client), clock),
            clock);
    String name = state.profiles().profileIfReadable().map(Profile::name).orElse("");
    return new Site(name, new CatalogLookups(state.catalogs()).refs());
  }

  /** Every row in one answer: the API's page with all pages' rows, as page 1 of one. */
  private static DeploymentsPage whole(DeploymentsView view, Site site) {
    List<DeploymentRow> rows = new ArrayList<>();
    DeploymentsPage page;
    int number = 1;
    do {
      page = view.page(site.name(), new Paging(number++, Paging.MAX_PER_PAGE), site.catalogs());
      rows.addAll(page.deployments());
    } while (rows.size() < page.summary().total() && !page.deployments().isEmpty());
    return new DeploymentsPage(
        page.cluster(), page.catalogRef(), 1, rows.size(), rows, page.summary());
  }

  /** One column of the table: its header and what a row of the API's answer shows in it. */
  private record Column(String header, Function<JsonNode, String> cell) {}

  /**
   * The table of the answer's rows: the namespace column only when several are listed, the chart,
   * helm status and update time only when wide, the drift shortened unless wide.
   */
  static String table(JsonNode rows, boolean wide, boolean oneNamespace) {
    if (rows.isEmpty()) {
      return "no releases\n";
    }
    List<Column> columns = new ArrayList<>();
    if (!oneNamespace) {
      columns.add(new Column("NAMESPACE", row -> text(row, "namespace")));
    }
    columns.add(new Column("RELEASE", row -> text(row, "release")));
    columns.add(new Column("BACKEND", row -> text(row, "backend")));
    columns.add(new Column("MODEL", row -> text(row, "model")));
    columns.add(new Column("VERSION", row -> text(row, "version")));
    columns.add(
        new Column(
            "REV", row -> row.path("revision").asInt() > 0 ? row.path("revision").asText() : "-"));
    columns.add(
        new Column(
            "PHASE", row -> row.path("untracked").asBoolean() ? "untracked" : text(row, "phase")));
    columns.add(new Column("CANARY", row -> text(row, "canaryState")));
    if (wide) {
      columns.add(new Column("CHART", row -> text(row, "chart")));
      columns.add(new Column("STATUS", row -> text(row, "status")));
      columns.add(new Column("UPDATED", row -> text(row, "updated")));
      columns.add(new Column("DRIFT", row -> text(row, "drift")));
    } else {
      columns.add(new Column("DRIFT", row -> shortened(row.path("drift").asText())));
    }
    Table table = new Table();
    table.add(columns.stream().map(Column::header).toArray(String[]::new));
    for (JsonNode row : rows) {
      table.add(columns.stream().map(c -> c.cell().apply(row)).toArray(String[]::new));
    }
    return table.render();
  }

  private static String text(JsonNode row, String member) {
    return dash(row.path(member).asText());
  }

  private static String shortened(String drift) {
    if (drift.length() <= DRIFT_WIDTH) {
      return dash(drift);
    }
    return drift.substring(0, DRIFT_WIDTH - 3) + "...";
  }

  private static String dash(String s) {
    return s == null || s.isEmpty() ? "-" : s;
  }
}
