// "Como ganhar pontos" (how-to-earn-operations.graphql): only its page ships it.
export { QHowToEarnDocument as QHowToEarn } from './how-to-earn-operations.generated';
