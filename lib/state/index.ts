export * from "./machines";
export { fromSql, type RowOf, transition, type TransitionOptions, tryTransition } from "./transition";
