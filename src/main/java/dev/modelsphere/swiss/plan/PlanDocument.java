package dev.modelsphere.swiss.plan;

import java.util.Map;

/**
 * A plan with its JSON document ({@link PlanJson#toJson(Plan)}), written once. The server stores
 * the document and answers it, with members beside the plan, in the same request; writing it twice
 * was a quarter of a plan request's time.
 */
public final class PlanDocument {
  private final Plan plan;
  private final String json;

  // Only of() makes one, so the text is always the plan's own: the store keeps it as the plan.
  private PlanDocument(Plan plan, String json) {
    this.plan = plan;
    this.json = json;
  }

  public static PlanDocument of(Plan plan) {
    return new PlanDocument(plan, PlanJson.toJson(plan));
  }

  public Plan plan() {
    return plan;
  }

  /** {@link PlanJson#toJson(Plan)} of the plan. */
  public String json() {
    return json;
  }

  /**
   * The document followed by members that describe the plan without being part of it (the server's
   * {@code shadowed} report, warnings, preflight); an empty one is left out. The same text as
   * writing the plan and the members as one object, made by writing only the members: the plan's
   * members, then these, at the same depth.
   *
   * @param extras member name to a value made of maps, lists, strings, numbers and booleans
   */
  public String withMembers(Map<String, Object> extras) {
    CanonicalJson.Struct members = CanonicalJson.struct();
    extras.forEach(members::omitEmpty);
    String written = CanonicalJson.indented(members);
    if (written.equals("{}")) {
      return json;
    }
    // json is "{\n  ...\n}\n" and written "{\n  ...\n}": the plan's last member, a comma, then
    // the new members with the closing brace.
    return json.substring(0, json.length() - "\n}\n".length()) + "," + written.substring(1) + "\n";
  }
}
