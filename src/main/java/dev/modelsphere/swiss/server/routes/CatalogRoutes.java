package dev.modelsphere.swiss.server.routes;

import dev.modelsphere.swiss.server.http.Deadline;
import dev.modelsphere.swiss.server.http.Json;
import dev.modelsphere.swiss.server.http.RouteGroup;
import dev.modelsphere.swiss.server.http.Routes;
import dev.modelsphere.swiss.sitestate.CatalogEntry;
import dev.modelsphere.swiss.sitestate.CatalogEntryAnswer;
import dev.modelsphere.swiss.sitestate.CatalogIndexAnswer;
import dev.modelsphere.swiss.sitestate.ChartVersionsAnswer;
import dev.modelsphere.swiss.sitestate.GpuInventory;
import dev.modelsphere.swiss.sitestate.GpuProductsAnswer;
import dev.modelsphere.swiss.sitestate.SiteState;
import io.javalin.http.Context;

/**
 * The site's catalogs: {@code GET /api/catalog} (one catalog's index), {@code GET
 * /api/catalog/{model}} (one entry with what this site makes of it), and for the deploy form the
 * {@code chart-versions} and {@code gpu-products} a variant allows. Each takes {@code ?catalog=} (a
 * name from the site's list; the default when absent); the entry routes also {@code ?version=} (the
 * latest when absent) and {@code ?variant=} (the default variant when absent).
 */
public final class CatalogRoutes implements RouteGroup {
  private final SiteState site;
  private final GpuInventory inventory;

  public CatalogRoutes(SiteState site, GpuInventory inventory) {
    this.site = site;
    this.inventory = inventory;
  }

  @Override
  public void register(Routes routes) {
    routes.get("/api/catalog", Deadline.CATALOG_READ, this::index);
    routes.get("/api/catalog/{model}", Deadline.CATALOG_READ, this::entry);
    // Both may read beyond the catalog (a chart repository, the nodes): the longer budget.
    routes.get("/api/catalog/{model}/chart-versions", Deadline.CLUSTER_READ, this::chartVersions);
    routes.get("/api/catalog/{model}/gpu-products", Deadline.CLUSTER_READ, this::gpuProducts);
  }

  private void index(Context ctx) {
    Json.answer(ctx, () -> CatalogIndexAnswer.of(site.catalogs().open(ctx.queryParam("catalog"))));
  }

  private void entry(Context ctx) {
    Json.answer(ctx, () -> CatalogEntryAnswer.of(found(ctx), site.profiles().profileIfReadable()));
  }

  private void chartVersions(Context ctx) {
    Json.answer(
        ctx,
        () ->
            ChartVersionsAnswer.of(
                found(ctx), ctx.queryParam("variant"), site.profiles(), site.chartListings()));
  }

  private void gpuProducts(Context ctx) {
    Json.answer(ctx, () -> GpuProductsAnswer.of(found(ctx), ctx.queryParam("variant"), inventory));
  }

  private CatalogEntry found(Context ctx) {
    return site.catalogs()
        .entry(ctx.queryParam("catalog"), ctx.pathParam("model"), ctx.queryParam("version"));
  }
}
