// Documents of operations.graphql (codegen writes them beside it): a page ships only the modules it imports.
export {
  PartnerProgramFieldsFragmentDoc as PartnerProgramFields,
  PartnerTransferFieldsFragmentDoc as PartnerTransferFields,
  QPointsPartnerDocument as QPointsPartner,
  QPartnerTransferSimulationDocument as QPartnerTransferSimulation,
  QPartnerTransfersDocument as QPartnerTransfers,
  MLinkPointsPartnerDocument as MLinkPointsPartner,
  MUnlinkPointsPartnerDocument as MUnlinkPointsPartner,
  MTransferToPointsPartnerDocument as MTransferToPointsPartner,
} from './operations.generated';
