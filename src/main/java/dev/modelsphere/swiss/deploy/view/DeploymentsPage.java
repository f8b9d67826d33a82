package dev.modelsphere.swiss.deploy.view;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * The answer of {@code GET /api/deployments} (reference server.md §3.8).
 *
 * @param cluster the site's name
 * @param catalogRef the ref when the site has exactly one catalog, else empty
 */
public record DeploymentsPage(
    String cluster,
    String catalogRef,
    int page,
    int perPage,
    List<DeploymentRow> deployments,
    Summary summary) {

  /**
   * @param total every release listed, over all pages
   * @param catalogBehind rows on this page whose catalog moved since they were deployed (on this
   *     page only, as the reference counts)
   * @param untracked releases over all pages that swiss did not deploy (helm releases with no plan)
   */
  public record Summary(
      int total, int catalogBehind, @JsonInclude(JsonInclude.Include.NON_DEFAULT) int untracked) {}
}
