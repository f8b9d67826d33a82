package dev.modelsphere.swiss.deploy.view;

import dev.modelsphere.swiss.canary.Relationships;
import dev.modelsphere.swiss.kube.GpuResources;
import dev.modelsphere.swiss.kube.KubeException;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.SourceRef;
import java.util.List;
import java.util.Optional;

/**
 * {@code GET /api/deployments} (reference server.md §3.8, backends.md §3.9), computed from the
 * watches with no API request: every release swiss deployed (plan ConfigMaps and LLMServices), and,
 * beyond the reference, the helm releases it did not deploy, marked {@code untracked}, for a reader
 * who may see them (the admin role; the CLI's own user, who reads with their own credentials).
 */
public final class DeploymentsView {
  static final String RELEASE_GONE = "a plan is recorded but the release is gone";
  static final String UNREADABLE_RELEASE = "could not read this release: ";
  static final String APPLY_FAILED = "last apply failed: ";
  static final String NEVER_COMPLETED = "an apply was started and never completed";
  static final String APPLY_RUNNING = "an apply is in progress";
  static final String UNREADABLE_PLAN = "plan unreadable: ";
  static final String CATALOG_MOVED = "catalog moved since this was deployed";
  static final String CLEANUP_UNFINISHED = "clean-up is unfinished";
  static final String NOT_DEPLOYED_BY_SWISS =
      "swiss did not deploy this release: there is no plan beside it";

  private final Fleet fleet;
  private final BackendRows helmRows;
  private final BackendRows serviceRows;
  private final GpuResources gpus;

  public DeploymentsView(Fleet fleet, Relationships relationships) {
    this(fleet, relationships, GpuResources.defaults());
  }

  /**
   * @param gpus the GPU resources the site counts, for the GPUs each release's pods hold
   */
  public DeploymentsView(Fleet fleet, Relationships relationships, GpuResources gpus) {
    this.fleet = fleet;
    this.helmRows = new HelmRows(fleet);
    this.serviceRows = new ServiceRows(relationships);
    this.gpus = gpus;
  }

  /** One page of every release, the untracked ones too. */
  public DeploymentsPage page(String cluster, Paging paging, CatalogRefs catalogs) {
    return page(cluster, paging, catalogs, true);
  }

  /**
   * One page of the list, sorted by namespace then name.
   *
   * @param cluster the site's name
   * @param withUntracked list the helm releases swiss did not deploy; without them, the page, its
   *     total and its count of untracked releases are as if they did not exist
   * @throws KubeException when swiss may not list its plan ConfigMaps
   */
  public DeploymentsPage page(
      String cluster, Paging paging, CatalogRefs catalogs, boolean withUntracked) {
    String plansRefused = fleet.cache().planConfigMaps().refusal();
    if (!plansRefused.isEmpty()) {
      // Without its plans swiss cannot tell which releases are its own: no list beats a wrong one.
      throw new KubeException(plansRefused);
    }
    List<Member> all = fleet.members();
    List<Member> members =
        withUntracked ? all : all.stream().filter(member -> !member.untracked()).toList();
    int total = members.size();
    Optional<ReleasePods> pods = ReleasePods.of(fleet.cache().runningPods(), gpus);
    List<DeploymentRow> rows =
        members.subList(paging.from(total), paging.to(total)).stream()
            .map(member -> finish(rowsOf(member).row(member), member, catalogs, pods))
            .toList();
    int behind = (int) rows.stream().filter(row -> behind(row, catalogs)).count();
    int untracked = (int) members.stream().filter(Member::untracked).count();
    forgetGone(all);
    return new DeploymentsPage(
        cluster,
        catalogs.soleRef(),
        paging.page(),
        paging.perPage(),
        rows,
        new DeploymentsPage.Summary(total, behind, untracked));
  }

  /**
   * The one place that tells the two backends apart: a release with an LLMService is the operator's
   * (a plan ConfigMap beside it is left over), any other is helm's.
   */
  private BackendRows rowsOf(Member member) {
    return member.llmsvc() ? serviceRows : helmRows;
  }

  /**
   * The catalog the row belongs to and whether it moved on, unfinished clean-up, and its pods when
   * they can be counted.
   */
  private DeploymentRow finish(
      DeploymentRow row, Member member, CatalogRefs catalogs, Optional<ReleasePods> pods) {
    Optional<PlanRead> plan = rowsOf(member).plan(member);
    Plan readable = plan.filter(PlanRead::readable).map(PlanRead::plan).orElse(null);
    if (pods.isPresent()) {
      row = row.withPods(pods.get().of(member.namespace(), member.release(), readable));
    }
    if (plan.isPresent() && plan.get().readable()) {
      SourceRef source = plan.get().plan().source();
      row =
          row.withCatalog(
              catalogs
                  .releaseCatalog()
                  .catalogOf(source.catalogName(), source.catalog())
                  .orElse(""));
      if (behind(row, catalogs)) {
        row = row.withDriftIfNone(CATALOG_MOVED);
      }
    }
    if (member.cleanupPending()) {
      row = row.withCleanupPending(true).withDriftAdded(CLEANUP_UNFINISHED);
    }
    return row;
  }

  private static boolean behind(DeploymentRow row, CatalogRefs catalogs) {
    String current = catalogs.current().getOrDefault(row.catalog(), "");
    return !current.isEmpty() && !row.catalogRef().isEmpty() && !current.equals(row.catalogRef());
  }

  private void forgetGone(List<Member> members) {
    helmRows.forgetAllBut(members);
    serviceRows.forgetAllBut(members);
  }
}
