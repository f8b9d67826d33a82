package dev.modelsphere.swiss.deploy.preflight;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.modelsphere.swiss.error.ErrorKind;
import java.util.List;

/**
 * What preflight found, as the API answers it: {@code {"ok": true|false, "problems": [{"rule",
 * "field", "message"}]}}. {@code problems} is always present, empty when {@code ok}.
 *
 * @param problems every problem of every rule, in rule order
 */
@JsonPropertyOrder({"ok", "problems"})
@JsonIgnoreProperties(value = "ok", allowGetters = true)
public record PreflightReport(List<Problem> problems) {
  public PreflightReport {
    problems = problems == null ? List.of() : List.copyOf(problems);
  }

  public static PreflightReport passed() {
    return new PreflightReport(List.of());
  }

  /** Nothing stops the plan. */
  @JsonProperty("ok")
  public boolean ok() {
    return problems.isEmpty();
  }

  /**
   * What kind of refusal the problems make of a write, from the kinds their rules set: {@link
   * ErrorKind#INVALID} when any says the request must change, since sending it again unchanged
   * cannot help whatever else changes; else the first other kind (a conflict with the cluster's
   * state, unless a rule said otherwise).
   */
  @JsonIgnore
  public ErrorKind kind() {
    if (problems.stream().anyMatch(p -> p.kind() == ErrorKind.INVALID)) {
      return ErrorKind.INVALID;
    }
    return problems.stream().map(Problem::kind).findFirst().orElse(ErrorKind.CONFLICT);
  }

  /** One line per problem, {@code rule: message}: the warnings a diff shows. */
  public List<String> warnings() {
    return problems.stream().map(Problem::toString).toList();
  }

  /** One message for a refusal (a 409 or a CLI error) that names every problem. */
  public String summary() {
    if (ok()) {
      return "preflight passed";
    }
    return "preflight found %d problem(s), fix them and try again:\n- %s"
        .formatted(problems.size(), String.join("\n- ", warnings()));
  }
}
