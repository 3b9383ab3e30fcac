/** The file-upload popup (chat-core §2) and its pure rules, for the chat composer and the folder. */
export { UploadPopup, type UploadPopupProps } from './UploadPopup';
export { FILE_STATUS, UPLOAD_SCENES, sceneConfig, admit, type UploadScene, type UploadedFile, type FileStatus, type UploadKind } from './upload-model';
