package dev.modelsphere.swiss.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.modelsphere.swiss.catalog.Catalog;
import dev.modelsphere.swiss.catalog.Entry;
import dev.modelsphere.swiss.catalog.Index;
import dev.modelsphere.swiss.catalog.IndexModel;
import dev.modelsphere.swiss.catalog.IndexVariant;
import dev.modelsphere.swiss.catalog.IndexVersion;
import dev.modelsphere.swiss.catalog.Requires;
import dev.modelsphere.swiss.catalog.Variant;
import dev.modelsphere.swiss.site.CatalogRepo;
import dev.modelsphere.swiss.site.Profile;
import dev.modelsphere.swiss.sitestate.CatalogEntry;
import dev.modelsphere.swiss.sitestate.CatalogEntryAnswer;
import dev.modelsphere.swiss.sitestate.CatalogIndexAnswer;
import dev.modelsphere.swiss.sitestate.OpenedCatalog;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** Browses the model catalog. */
@Command(
    name = "catalog",
    mixinStandardHelpOptions = true,
    description = "Browse the model catalog.",
    subcommands = {CatalogCommand.ListCommand.class, CatalogCommand.ShowCommand.class})
public final class CatalogCommand implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  @Command(
      name = "list",
      mixinStandardHelpOptions = true,
      description = "List every variant of each model's latest version.")
  static final class ListCommand implements Runnable {
    @Mixin GlobalOptions global;
    @Mixin OutputFormat output;
    @Mixin ServerOption server;
    @Spec CommandSpec spec;

    @Override
    public void run() {
      Optional<SwissApi> api = server.api();
      if (api.isPresent()) {
        // The server's catalog, as its API lists it: the index it has, not the one here.
        JsonNode answer = api.get().get("/api/catalog");
        Index index = Index.parse(answer.path("index").toString().getBytes(StandardCharsets.UTF_8));
        show(answer, index, answer.path("source").asText(), answer.path("ref").asText());
        return;
      }
      Catalog catalog = Catalog.open(global.resolve().catalog());
      show(
          new CatalogIndexAnswer(
              CatalogRepo.DEFAULT_CATALOG_NAME, catalog.ref(), catalog.location(), catalog.index()),
          catalog.index(),
          catalog.location(),
          catalog.ref());
    }

    private void show(Object answer, Index index, String location, String ref) {
      output.print(spec.commandLine().getOut(), answer, wide -> table(index));
      if (!output.structured()) {
        PrintWriter err = spec.commandLine().getErr();
        err.printf("%ncatalog %s%n%s%n", location, ref);
        err.flush();
      }
    }

    private static String table(Index index) {
      Table table = new Table();
      table.add("MODEL", "VERSION", "VARIANT", "ENGINE", "GPUS", "TOPOLOGY", "CHART");
      for (IndexModel model : index.models()) {
        IndexVersion latest = model.version(model.latest());
        for (IndexVariant v : latest.variants()) {
          table.add(
              model.name(),
              latest.version(),
              v.id(),
              v.engine(),
              gpus(v.requires()),
              v.requires().topologyOrDefault(),
              v.chart().name() + "-" + v.chart().version());
        }
      }
      return table.render();
    }

    private static String gpus(Requires r) {
      int nodes = r.nodesOrDefault();
      return nodes > 1 ? nodes + "x" + r.gpus() : String.valueOf(r.gpus());
    }
  }

  @Command(
      name = "show",
      mixinStandardHelpOptions = true,
      description = "Show one model: its weights, version, served name and variants.")
  static final class ShowCommand implements Runnable {
    @Mixin GlobalOptions global;
    @Mixin OutputFormat output;
    @Mixin ServerOption server;
    @Spec CommandSpec spec;

    @Parameters(index = "0", paramLabel = "MODEL", description = "The model's catalog name.")
    String model;

    @Option(names = "--model-version", description = "A published version (default: the latest).")
    String version;

    @Override
    public void run() {
      Optional<SwissApi> api = server.api();
      if (api.isPresent()) {
        // The server's entry, with what its site makes of it.
        JsonNode answer = api.get().get(entryPath());
        Entry entry = ServerCalls.as(answer.path("entry"), Entry.class);
        output.print(spec.commandLine().getOut(), answer, wide -> describe(entry));
        return;
      }
      GlobalOptions.Sources sources = global.resolve();
      Catalog catalog = Catalog.open(sources.catalog());
      Entry entry = catalog.entry(model, version);
      OpenedCatalog opened =
          new OpenedCatalog(
              new CatalogRepo(CatalogRepo.DEFAULT_CATALOG_NAME, catalog.location(), false),
              catalog);
      Optional<Profile> profile =
          GlobalOptions.empty(sources.profileFile())
              ? Optional.empty()
              : Optional.of(Profile.load(Path.of(sources.profileFile())));
      output.print(
          spec.commandLine().getOut(),
          CatalogEntryAnswer.of(new CatalogEntry(opened, entry), profile),
          wide -> describe(entry));
    }

    private String entryPath() {
      String path = "/api/catalog/" + SwissApi.segment(model);
      return GlobalOptions.empty(version) ? path : path + "?version=" + SwissApi.segment(version);
    }

    static String describe(Entry e) {
      StringBuilder b = new StringBuilder();
      String title = GlobalOptions.empty(e.displayName()) ? e.name() : e.displayName();
      b.append(title).append(" (").append(e.name()).append(")\n");
      if (!GlobalOptions.empty(e.description())) {
        b.append('\n').append(e.description().trim()).append('\n');
      }
      b.append("\nweights   ").append(e.source().hf());
      if (e.source().sizeGiB() != null) {
        b.append(String.format("  (%.0f GiB)", e.source().sizeGiB()));
      }
      b.append("\nversion   ").append(e.version());
      if (!GlobalOptions.empty(e.digest())) {
        b.append("  ").append(e.digest(), 0, Math.min(19, e.digest().length()));
      }
      b.append("\nserved as ").append(e.servedModelName()).append("\n\nvariants:\n");
      for (Variant v : e.variants()) {
        b.append(variantLine(v));
      }
      return b.toString();
    }

    private static String variantLine(Variant v) {
      Requires r = v.requires();
      StringBuilder b = new StringBuilder("  ");
      b.append(v.isDefault() ? '*' : ' ')
          .append(' ')
          .append(v.id())
          .append("  ")
          .append(v.engine())
          .append("  ")
          .append(r.gpus())
          .append(" GPU");
      if (r.nodesOrDefault() > 1) {
        b.append(" x ").append(r.nodesOrDefault()).append(" nodes");
      }
      List<String> products = r.gpuProduct();
      if (products != null && !products.isEmpty()) {
        b.append("  [").append(String.join(", ", products)).append(']');
      }
      b.append('\n');
      if (!GlobalOptions.empty(v.description())) {
        b.append("      ").append(v.description()).append('\n');
      }
      return b.toString();
    }
  }
}
