package dev.modelsphere.swiss.deploy.helmbackend;

import dev.modelsphere.swiss.deploy.backend.PlanStatus;
import dev.modelsphere.swiss.plan.Plan;

/**
 * A release as helm and swiss see it.
 *
 * @param exists helm stores the release (even if its payload cannot be read)
 * @param helmStatus helm's status ({@code deployed}, {@code failed}, {@code pending-upgrade}...)
 * @param tracked a swiss plan is stored beside the release
 * @param plan the plan's status.yaml when tracked
 * @param current the plan beside the release; null when untracked or unreadable
 */
public record ReleaseStatus(
    String namespace,
    String release,
    boolean exists,
    int revision,
    String helmStatus,
    String chart,
    boolean tracked,
    String planHash,
    PlanStatus plan,
    Plan current) {}
