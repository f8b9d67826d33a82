import { useReducer } from "react";
import type { PlanAnswer } from "../api/plans";
import type { ShownDiff } from "../components/deploy/Pipeline";
import { initialPipeline, pipelineReducer, type PipelineEvent, type PipelineState } from "./pipeline";

type State = PipelineState<PlanAnswer, ShownDiff>;
type Event = PipelineEvent<PlanAnswer, ShownDiff>;

const reducer = (state: State, event: Event): State => pipelineReducer(state, event);

/** The pipeline's state for a page; a rollback starts from the archived plan. */
export function usePipeline(plan?: PlanAnswer) {
  return useReducer(reducer, plan, (archived) => initialPipeline<PlanAnswer, ShownDiff>(archived));
}
