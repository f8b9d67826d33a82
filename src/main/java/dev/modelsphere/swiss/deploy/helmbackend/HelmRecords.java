package dev.modelsphere.swiss.deploy.helmbackend;

import dev.modelsphere.swiss.deploy.backend.PlanArchive;
import dev.modelsphere.swiss.helm.ReleaseStorage;

/**
 * Where the helm backend keeps a release and what swiss records beside it.
 *
 * @param releases helm's own release Secrets
 * @param plan the plan ConfigMap beside the release, with its {@code status.yaml}
 * @param archive the plans of earlier revisions
 * @param interrupted settles a record whose writer died before it finished
 */
public record HelmRecords(
    ReleaseStorage releases,
    PlanRecord plan,
    PlanArchive archive,
    InterruptedApplies interrupted) {}
