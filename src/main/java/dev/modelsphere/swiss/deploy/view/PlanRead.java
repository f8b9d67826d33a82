package dev.modelsphere.swiss.deploy.view;

import dev.modelsphere.swiss.deploy.backend.PlanStatus;
import dev.modelsphere.swiss.llmsvc.LlmService;
import dev.modelsphere.swiss.llmsvc.MappingException;
import dev.modelsphere.swiss.llmsvc.PlanMapping;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.PlanException;
import dev.modelsphere.swiss.plan.PlanFiles;
import dev.modelsphere.swiss.plan.Serving;
import io.fabric8.kubernetes.api.model.ConfigMap;
import java.util.Map;

/**
 * A release's plan as read from where it is recorded, or why it could not be read.
 *
 * @param plan null when unreadable
 * @param route the route the plan publishes ({@link Serving#route}), worked out once; empty when
 *     unreadable
 * @param status the {@code status.yaml} beside a helm plan; null for an LLMService
 * @param error why the plan could not be read; empty when it could
 */
record PlanRead(Plan plan, String route, PlanStatus status, String error) {

  boolean readable() {
    return plan != null;
  }

  /** The plan files and {@code status.yaml} of a {@code swiss-plan-<release>} ConfigMap. */
  static PlanRead of(ConfigMap configMap) {
    Map<String, String> files = configMap.getData() == null ? Map.of() : configMap.getData();
    PlanStatus status = PlanStatus.parse(files.get(PlanStatus.FILE));
    try {
      Plan plan = PlanFiles.fromFiles(files);
      return new PlanRead(plan, Serving.route(plan), status, "");
    } catch (PlanException e) {
      return new PlanRead(null, "", status, e.getMessage());
    }
  }

  /** The plan an LLMService deploys, its annotated hash verified. */
  static PlanRead of(LlmService service) {
    try {
      Plan plan = PlanMapping.toPlan(service);
      return new PlanRead(plan, Serving.route(plan), null, "");
    } catch (MappingException | PlanException e) {
      return new PlanRead(null, "", null, e.getMessage());
    }
  }
}
