// Documents of operations.graphql (codegen writes them beside it): a page ships only the modules it imports.
export {
  ProjectPhotoFieldsFragmentDoc as ProjectPhotoFields,
  ProjectCardFieldsFragmentDoc as ProjectCardFields,
  ProjectFieldsFragmentDoc as ProjectFields,
  QProjectsDocument as QProjects,
  QProjectDocument as QProject,
  QProductCatalogDocument as QProductCatalog,
  QProjectLinkOptionsDocument as QProjectLinkOptions,
  MUploadProjectPhotoDocument as MUploadProjectPhoto,
  MSubmitProjectDocument as MSubmitProject,
  MResendProjectDocument as MResendProject,
} from './operations.generated';
