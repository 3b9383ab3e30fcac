import { useMutation, useQuery } from '@tanstack/react-query';
import { routes } from '@chatdr/contract';
import { api, type BodyOf, type DataOf } from '../../api';
import { queryClient } from '../../app/query-client';

export type FoodGuide = DataOf<typeof routes.plan.foodGuide>;
export type ExerciseGuide = DataOf<typeof routes.plan.exerciseGuide>;
export type FoodEval = DataOf<typeof routes.plan.foodEvaluation>;
export type ExerciseEval = DataOf<typeof routes.plan.exerciseEvaluation>;

const gk = {
  food: (id: number) => ['health', 'guide', 'food', id] as const,
  sport: (id: number) => ['health', 'guide', 'sport', id] as const,
};

export function useFoodGuide(id: number | undefined) {
  return useQuery({ queryKey: gk.food(id ?? 0), queryFn: ({ signal }) => api.call(routes.plan.foodGuide, { body: { userInfoId: id ?? 0 } }, { signal }), enabled: id !== undefined });
}

/** Regenerates the diet guide from the latest profile and puts it in the cache. */
export function useRefreshFoodGuide(id: number) {
  return useMutation({ mutationFn: () => api.call(routes.plan.foodGuideRefresh, { body: { userInfoId: id } }), onSuccess: (g) => queryClient.setQueryData(gk.food(id), g) });
}

export function useExerciseGuide(id: number | undefined) {
  return useQuery({ queryKey: gk.sport(id ?? 0), queryFn: ({ signal }) => api.call(routes.plan.exerciseGuide, { body: { userInfoId: id ?? 0 } }, { signal }), enabled: id !== undefined });
}

export function useFoodEvaluation() {
  return useMutation({ mutationFn: (body: BodyOf<typeof routes.plan.foodEvaluation>) => api.call(routes.plan.foodEvaluation, { body }) });
}

export function useExerciseEvaluation() {
  return useMutation({ mutationFn: (body: BodyOf<typeof routes.plan.exerciseEvaluation>) => api.call(routes.plan.exerciseEvaluation, { body }) });
}
