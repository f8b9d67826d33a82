package dev.modelsphere.swiss.plan;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PlanDocumentTest {
  private static final Plan PLAN = TestPlans.composed();

  /** What the server answered before the document was shared: plan and members written as one. */
  private static String writtenAsOne(Map<String, Object> extras) {
    CanonicalJson.Struct document = PlanJson.document(PLAN);
    extras.forEach(document::omitEmpty);
    return CanonicalJson.indented(document) + "\n";
  }

  @Test
  void theDocumentIsThePlansJson() {
    assertThat(PlanDocument.of(PLAN).json()).isEqualTo(PlanJson.toJson(PLAN));
  }

  @Test
  void membersFollowThePlanAsIfWrittenWithItInOneObject() {
    Map<String, Object> extras = new LinkedHashMap<>();
    extras.put("shadowed", List.of(Map.of("path", "a.b", "by", "form", "was", 2)));
    extras.put("warnings", List.of("quote \" and <tag> & newline\n"));
    extras.put(
        "preflight",
        Map.of("ok", false, "problems", List.of(Map.of("rule", "gpu-fit", "field", ""))));

    String answer = PlanDocument.of(PLAN).withMembers(extras);

    assertThat(answer).isEqualTo(writtenAsOne(extras));
  }

  @Test
  void emptyMembersAreLeftOutAsTheyWereWhenWrittenWithThePlan() {
    Map<String, Object> extras = new LinkedHashMap<>();
    extras.put("shadowed", List.of());
    extras.put("warnings", new ArrayList<>());
    extras.put("preflight", Map.of("ok", true, "problems", List.of()));

    String answer = PlanDocument.of(PLAN).withMembers(extras);

    assertThat(answer).isEqualTo(writtenAsOne(extras));
    assertThat(answer).doesNotContain("\"shadowed\"", "\"warnings\"").contains("\"preflight\"");
  }

  @Test
  void withNoMembersTheAnswerIsTheStoredDocument() {
    PlanDocument document = PlanDocument.of(PLAN);

    assertThat(document.withMembers(Map.of("warnings", List.of()))).isEqualTo(document.json());
  }

  @Test
  void theAnswerReadsBackAsThePlanFollowedByItsMembersInOrder() throws Exception {
    Map<String, Object> extras = new LinkedHashMap<>();
    extras.put("warnings", List.of("w"));
    extras.put("preflight", Map.of("ok", true));

    JsonNode answer = new ObjectMapper().readTree(PlanDocument.of(PLAN).withMembers(extras));

    List<String> names = new ArrayList<>();
    answer.fieldNames().forEachRemaining(names::add);
    assertThat(names).endsWith("hash", "warnings", "preflight");
    assertThat(PlanJson.fromJson("answer", answer.toString()).hash()).isEqualTo(PLAN.hash());
  }
}
