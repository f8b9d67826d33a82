package dev.modelsphere.swiss.deploy.approval;

import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.plan.PlanJson;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * What a plan being written does otherwise than the plan document its approval was asked for. The
 * plan's hash binds release, source, chart and values, but a plan composed again under one hash
 * replaces the stored one (decision 0011), so the members the hash leaves out can change between
 * the request and the write. The documents are compared whole; the differences are named one phrase
 * each, as {@link WriteFlags} names its flags, so the refusal says what changed.
 */
final class PlanDifferences {
  /** The members a write uses that the hash leaves out, by the name a request sends them under. */
  private static final Map<String, Function<Plan, String>> UNHASHED = unhashed();

  private PlanDifferences() {}

  private static Map<String, Function<Plan, String>> unhashed() {
    Map<String, Function<Plan, String>> members = new LinkedHashMap<>();
    members.put("createNamespace", plan -> String.valueOf(plan.createNamespace()));
    members.put("profile", Plan::profile);
    members.put("engine", Plan::engine);
    members.put("source.catalogName", plan -> plan.source().catalogName());
    members.put("source.hf", plan -> plan.source().hf());
    return members;
  }

  /**
   * The differences of {@code written} from {@code approvedDocument}, the document the approval
   * recorded; empty when they are the same document.
   *
   * @param approvedDocument empty for an approval asked before approvals recorded their plan: it
   *     vouches for no document, so any plan differs from it
   */
  static List<String> between(Plan written, String approvedDocument) {
    if (approvedDocument.isEmpty()) {
      return List.of(
          "a plan document the approval never saw: it was asked before swiss recorded the plan an"
              + " approval binds");
    }
    if (PlanJson.toJson(written).equals(approvedDocument)) {
      return List.of();
    }
    Plan approved = PlanJson.fromJson("the approved plan", approvedDocument);
    List<String> differences = new ArrayList<>();
    UNHASHED.forEach(
        (name, member) -> {
          String now = member.apply(written);
          String then = member.apply(approved);
          if (!now.equals(then)) {
            differences.add("%s %s where %s was approved".formatted(name, shown(now), shown(then)));
          }
        });
    if (!Objects.equals(written.helmfile(), approved.helmfile())) {
      differences.add("a helmfile document other than the approved one");
    }
    if (differences.isEmpty()) {
      // Same hash, same named members: what is left is how the layers split the same values.
      differences.add("layers that split the values otherwise than the approved plan's");
    }
    return differences;
  }

  private static String shown(String value) {
    return value.isEmpty() ? "(none)" : value;
  }
}
