package dev.modelsphere.swiss.server.upstream;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Reading what a model generated out of each API's answer shape, leniently. */
class ModelReplyTest {
  private static ModelReply parse(ChatApi api, String json) {
    return ModelReply.parse(api, json.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void aChatAnswerIsTheFirstChoicesMessageTrimmed() {
    ModelReply reply =
        parse(
            ChatApi.CHAT,
            "{\"choices\": [{\"message\": {\"content\": \" ok \\n\"}, \"finish_reason\": \"stop\"}]}");

    assertThat(reply).isEqualTo(new ModelReply("ok", "", "stop"));
  }

  @Test
  void contentBlocksKeepThinkingOutOfTheAnswer() {
    ModelReply reply =
        parse(
            ChatApi.CHAT,
            """
            {"choices": [{"message": {"content": [
              {"type": "reasoning", "text": "Think. "},
              {"type": "text", "text": "o"},
              {"thinking": "More."},
              {"type": "text", "text": "k"}]}}]}
            """);

    assertThat(reply.text()).isEqualTo("ok");
    assertThat(reply.reasoning()).isEqualTo("Think. More.");
  }

  @Test
  void sglangAndVllmThinkingChannelsAreBothRead() {
    ModelReply sglang =
        parse(
            ChatApi.CHAT,
            "{\"choices\": [{\"message\": {\"content\": null, \"reasoning_content\": \"hmm\"},"
                + " \"finish_reason\": \"length\"}]}");
    ModelReply vllm =
        parse(ChatApi.CHAT, "{\"choices\": [{\"message\": {\"reasoning\": \" hmm \"}}]}");

    assertThat(sglang).isEqualTo(new ModelReply("", "hmm", "length"));
    assertThat(vllm.reasoning()).isEqualTo("hmm");
    assertThat(sglang.generated()).isTrue();
  }

  @Test
  void aCompletionIsTheChoicesText() {
    assertThat(
            parse(
                ChatApi.COMPLETIONS,
                "{\"choices\": [{\"text\": \" ok\", \"finish_reason\": \"stop\"}]}"))
        .isEqualTo(new ModelReply("ok", "", "stop"));
  }

  @Test
  void theFirstChoiceWithAnythingInItIsTheOneRead() {
    ModelReply reply =
        parse(
            ChatApi.CHAT,
            "{\"choices\": [{\"message\": {}}, {\"message\": {\"content\": \"two\"}}]}");

    assertThat(reply.text()).isEqualTo("two");
  }

  @Test
  void aMessagesAnswerReadsItsBlocksAndStopReason() {
    ModelReply reply =
        parse(
            ChatApi.MESSAGES,
            """
            {"content": [{"type": "thinking", "thinking": "One word."},
                         {"type": "text", "text": "ok"}], "stop_reason": "end_turn"}
            """);

    assertThat(reply).isEqualTo(new ModelReply("ok", "One word.", "end_turn"));
  }

  @Test
  void aMessagesAnswerMayCarryItsContentAsAString() {
    assertThat(parse(ChatApi.MESSAGES, "{\"content\": \"ok\"}").text()).isEqualTo("ok");
  }

  @Test
  void anythingElseReadsAsNothingGenerated() {
    assertThat(parse(ChatApi.CHAT, "not json")).isEqualTo(ModelReply.NONE);
    assertThat(parse(ChatApi.CHAT, "")).isEqualTo(ModelReply.NONE);
    assertThat(parse(ChatApi.CHAT, "{\"choices\": {\"0\": {\"text\": \"x\"}}}"))
        .isEqualTo(ModelReply.NONE);
    assertThat(parse(ChatApi.MESSAGES, "{\"content\": {\"text\": \"x\"}}"))
        .isEqualTo(ModelReply.NONE);
    assertThat(parse(ChatApi.CHAT, "{\"choices\": []}").generated()).isFalse();
  }
}
