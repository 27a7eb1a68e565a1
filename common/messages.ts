// Every sentence the UI service answers with, by code. The server sends the code and the
// English text (API.md's `{message}` stays readable by any client); this app shows the
// code's translation (`server.<code>` in its locales; English comes from here), so a
// Spanish reader never sees the server's English. Plain data: the server imports it.

export const SERVER_MESSAGES = {
  // Whole answers (the `message` of an error or a success).
  generic: 'Something went wrong. Please try again later.',
  notFound: 'Not found.',
  forbidden: 'You do not have permission to do this.',
  validation: 'Some fields are not valid.',
  badRequest: 'The request is not valid.',
  unsupportedMedia: 'The request body is not in a supported format.',
  bodyTooLarge: 'The request is too large.',
  sessionExpired: 'Your session has expired. Please login again.',
  databaseDown: 'The database is not reachable or not migrated.',
  apiKey: 'The x-api-key header is missing or wrong.',
  badCredentials: 'Incorrect username or password.',
  accountPending: 'Your account is waiting for approval by an administrator.',
  accountDisabled: 'Your account has been disabled.',
  tooManyAttempts_one: 'Too many failed attempts. Try again in {{count}} second.',
  tooManyAttempts_other: 'Too many failed attempts. Try again in {{count}} seconds.',
  tooManyRequests_one: 'Too many requests. Try again in {{count}} second.',
  tooManyRequests_other: 'Too many requests. Try again in {{count}} seconds.',
  accountLocked:
    'This account is locked after too many failed sign-ins. We mailed a code to its address: enter it with your password to unlock it.',
  badCredentialsOrCode: 'Incorrect password or code.',
  registered: 'User has been added successfully.',
  taken: 'This username or email is already registered.',
  usernameUnavailable: 'This username is already taken.',
  codeSent: 'OTP sent successfully.',
  passwordChanged: 'Password changed successfully.',
  badCode: 'The code is wrong, already used or expired.',
  badOldPassword: 'The current password is incorrect.',
  userUpdated: 'User has been updated successfully.',
  userApproved: 'User has been approved.',
  userDisabled: 'User has been disabled.',
  userEnabled: 'User has been enabled.',
  resetSent: 'A password reset code has been sent to the user.',
  superAdminOnly: 'Only a Super Admin can create, promote to or change a Super Admin.',
  lastSuperAdmin: 'The last active Super Admin cannot be demoted or disabled.',
  bankDomain: "The email address must be in the bank's mail domain.",
  noEnterprise: 'The enterprise does not exist or is disabled.',
  notPending: 'Only a pending registration can be approved.',
  notDisabled: 'Only a disabled user can be enabled.',
  notActive: 'Only an active user can be sent a password reset code.',
  enterpriseTaken: 'An enterprise with this name already exists.',
  recordTaken: 'Another record already has this value.',
  recordInUse: 'This record is still used elsewhere, so it cannot be deleted.',
  staleEdit: 'Someone else changed this record while you were editing it. Reload it to see their changes, then edit again.',
  // Workflow transitions of generic resources (server/src/lib/workflow/transitions-service.ts).
  transitionNotAllowed: 'This action cannot be done to the record in its current state. Reload it to see where it stands.',
  transitionForbidden: 'Your role may not do this action.',
  makerChecker: 'You made this record, so someone else must do this action.',
  transitionNotBulk: 'This action can only be done to one record at a time.',
  // SPEC.md section 5, word for word.
  companyInvalid: "The company could not be updated. Please ensure alphanumeric characters only. For email addresses, '@','.' only.",
  companyNotFound: 'Company not found.',
  newsInvalid: 'Please enter valid input for news',
  newsNotFound: 'News item not found.',
  newsItemsNotFound: 'Some news items were not found; nothing was changed.',
  newsNoneFound: 'None of the selected news items exist.',
  notMultipart: 'Send the request as multipart/form-data.',
  fileTooLarge: 'The file is larger than {{mb}} MB.',
  fieldTooLarge: 'A form field is larger than 1 MB.',
  fileTypeRefused: 'This type of file is not accepted (the type is read from its content, not its name); send {{allowed}}.',
  fileEmpty: 'The file is empty.',
  tooManyParts: 'The form has too many fields or files.',
  notXlsx: 'The file is not an .xlsx workbook.',
  uploadUnreadable: 'The file is not a readable .xlsx workbook.',
  uploadEmpty: 'The sheet is empty: expected a header row and at least one company.',
  uploadTooManyRows: 'The sheet has more than {{max}} companies; split it into several files.',
  uploadHeaders: 'The header row must be exactly: {{expected}}.',
  uploadTooManyEntries: "The workbook holds more than {{max}} parts; upload the template's sheet on its own.",
  uploadInflatedTooLarge:
    "The workbook unpacks to more than {{mb}} MB (or {{partMb}} MB in one part); upload at most {{max}} companies in the template's columns.",
  uploadTooManyCells: "The workbook holds more than {{cells}} cells; upload at most {{max}} companies in the template's columns.",
  uploadTooManyStrings: "The workbook holds more than {{strings}} texts; upload at most {{max}} companies in the template's columns.",
  uploadTooComplex: "The workbook needs more memory or time to read than an upload may take; upload the template's sheet on its own.",
  // Any other workbook upload, refused by the upload guard before it is read (issue 23).
  spreadsheetTooManyEntries: 'The workbook holds more than {{max}} parts; upload a workbook with only the sheet needed.',
  spreadsheetInflatedTooLarge: 'The workbook unpacks to more than {{mb}} MB (or {{partMb}} MB in one part); it is not read.',
  spreadsheetTooManyRows: 'The workbook holds more than {{max}} rows; it is not read.',
  spreadsheetTooManyCells: 'The workbook holds more than {{max}} cells; it is not read.',
  spreadsheetTooManyStrings: 'The workbook holds more than {{max}} texts; it is not read.',
  uploadRows_one: 'A row is not valid ({{count}} problem); nothing was imported.',
  uploadRows_other: 'Some rows are not valid ({{count}} problems); nothing was imported.',
  // KYC (issue 11; docs/kyc.md).
  kycSubjectNotFound: "KYC subject not found.",
  kycDocumentNotFound: "KYC document not found.",
  kycSubjectSaved: "The KYC subject has been saved.",
  kycMakerChecker: "You uploaded this document, so someone else must decide on it.",
  kycNotMasked: "Mask the first 8 digits of the Aadhaar number on this image before approving it.",
  kycScanNotClean: "This document has not been scanned clean for viruses, so it cannot be approved.",
  kycNoScanner:
    "No virus scanner is configured, so no file is ever scanned clean and the KYC scan policy \"Required\" blocks every approval. An Admin can set the scan policy to off in the KYC settings, or configure ClamAV (CLAMD_SOCKET or CLAMD_HOST).",
  kycMaskTooSmall:
    "The mask is too small to hide the Aadhaar number: one rectangle must cover at least {{width}} % of the image's width and {{height}} % of its height.",
  kycInfected: "The file contains a virus ({{signature}}) and was not stored.",
  kycScanUnavailable: "The virus scanner is not reachable; try again later.",
  kycBadTransition: "This decision is not possible in the document's current state.",
  kycImageUnreadable: "The image cannot be read; send a JPEG, PNG or WebP photo or scan.",
  kycImageTooLarge: "The image has more than {{megapixels}} megapixels; send a smaller one.",
  kycPdfUnreadable: "The PDF cannot be read; send the file as it was issued.",
  kycShareCode: "The share code does not open this file.",
  kycAadhaarXmlInvalid: "The file is not a UIDAI offline e-KYC file.",
  kycAadhaarSignature: "The digital Aadhaar's signature does not verify against the UIDAI certificate in the KYC settings.",
  kycNoUidaiCertificate: "No UIDAI certificate is set: an Admin must upload it in the KYC settings first.",
  kycCertificateInvalid: "The file is not a readable X.509 certificate (PEM or DER).",
  kycSettingsSaved: "The KYC settings have been saved.",
  kycDecisionSaved: "The decision has been saved.",
  kycMasked: "The image has been masked; only the masked image is kept.",
  // finview (issue 12; docs/finview.md).
  finviewTemplateNotFound: "Template not found.",
  finviewVersionNotFound: "Template version not found.",
  finviewTemplateSaved: "The template draft has been saved.",
  finviewTemplatePublished: "The template version has been published.",
  finviewTemplateArchived: "The template has been archived.",
  finviewPublished: "A published version cannot be changed; edit the template to make a new draft.",
  finviewNotPublished: "This template has no published version yet; publish one first.",
  finviewTemplateInvalid: "The template is not complete or not valid; see the problems listed.",
  finviewPluginOff: "The plugin {{plugin}} is switched off.",
  finviewPluginUnavailable: "The plugin {{plugin}} has no data to read yet.",
  finviewPluginSaved: "The plugin has been saved.",
  finviewSeriesSaved: "The price series has been uploaded.",
  finviewSeriesUnreadable: "The file is not a price series: it needs a Date column and a Close, Value or Price column of numbers.",
  finviewSeriesInUse: "A rule uses this price series; change the rule first.",
  finviewSeriesNotFound: "Price series not found.",
  finviewSettingsSaved: "The finview settings have been saved.",
  finviewOutputNotFound: "Video or report not found.",
  finviewQueued: "The render has been queued.",
  finviewCancelled: "The render has been cancelled.",
  finviewRetried: "The render has been queued again.",
  finviewApproved: "Approved and published.",
  finviewDeleted: "Deleted.",
  finviewMakerChecker: "You made this, so someone else must approve it.",
  finviewNotReady: "Only a finished video or report can be approved.",
  finviewNotCancellable: "Only a queued or rendering job can be cancelled.",
  finviewNotRetryable: "Only a failed or cancelled render can be retried.",
  finviewRunning: "This is still rendering; cancel it before deleting it.",
  finviewPublishedDelete: "Only an Admin can delete a published video or report.",
  finviewMediaExpired: "This link has expired; open the video again.",
  finviewRuleNotFound: "Rule not found.",
  finviewRuleSaved: "The rule has been saved.",
  finviewRuleDeleted: "The rule has been deleted.",
  finviewRuleRun: "The rule has been run; its render is queued.",
  finviewPreviewBusy: "A preview is already rendering; try again in a moment.",
  // Images the server decodes (server/src/lib/upload-guard/image.ts).
  imageTooLarge: "The image has more than {{megapixels}} megapixels; use a smaller one.",
  imageUnreadable: "The image cannot be read; use a PNG or JPEG image.",
  // Announcements (issue 13; docs/announcements.md).
  announcementNotFound: "Announcement not found.",
  announcementCreated: "The announcement has been created.",
  announcementSaved: "The announcement has been saved.",
  announcementPublished: "The announcement has been published.",
  announcementSuppressed: "The announcement has been suppressed.",
  announcementRetracted: "The announcement has been retracted.",
  announcementReopened: "The announcement is back in the review queue.",
  announcementMerged: "Marked as a duplicate: its group is published once.",
  announcementSeparated: "Taken out of its duplicate group.",
  announcementCompanyLinked: "The company has been linked.",
  announcementLocked: "{{user}} is working on this announcement.",
  announcementNotInQueue: "Only an announcement waiting for review can be decided.",
  announcementNotPublished: "Only a published announcement can be retracted.",
  announcementNotReopenable: "Only a suppressed announcement can go back to the review queue.",
  announcementMergeInvalid: "An announcement cannot duplicate itself, one of its own duplicates, or one already decided otherwise.",
  announcementRetractedReadOnly: "A retracted announcement can no longer be edited.",
  announcementNoAttachment: "This announcement has no stored attachment.",
  announcementLinkExpired: "This link has expired; open the announcement again.",
  feedNotFound: "Feed not found.",
  feedCreated: "The feed has been created.",
  feedSaved: "The feed has been saved.",
  feedDeleted: "The feed has been deleted.",
  feedRunQueued: "The feed run has been queued.",
  feedRunning: "This feed is being read already.",
  feedUnreachable: "The feed could not be read: its server did not answer, or answered with an error.",
  feedRefused: "The server may not reach the feed's address: its host is not allowed, it is an internal address, or it redirected to one (EGRESS_ALLOWED_HOSTS).",
  feedFileUnreadable: "The feed's file could not be read: it is missing, not a regular file, or outside the folder the server may read (EGRESS_FILE_DIR).",
  feedTooLarge: "The feed is larger than 20 MB.",
  feedNotJson: "The feed did not answer in the exchange's JSON format.",
  feedAttachmentFailed: "The attachment could not be fetched.",
  feedAttachmentRefused: "The server may not fetch the attachment from this address.",
  feedAttachmentNotPdf: "The attachment is not a PDF.",
  // Saved views of a list (issue 25 item 3; server/src/modules/views).
  viewNotFound: 'Saved view not found.',
  viewNameTaken: 'You already have a saved view with this name for this list.',
  viewOwnerOnly: 'Only the user who saved this view can change or delete it.',
  // Exports of a list (issue 25 item 3).
  exportTooLarge: 'The export would hold more than {{limit}} rows: narrow the filters or select the rows.',
} as const;

/** The reason one field (or one cell of an upload) was refused. */
export const FIELD_REASONS = {
  required: 'is required',
  invalid: 'is not valid',
  badCharacters: 'contains characters that cannot be stored',
  tooShort: 'must be at least {{limit}} characters',
  tooLong: 'must be at most {{limit}} characters',
  tooSmall: 'must be at least {{limit}}',
  tooLarge: 'must be at most {{limit}}',
  oneOf: 'must be one of {{values}}',
  format: 'must be a valid {{format}}',
  notAllowed: 'is not an accepted field',
  type: 'must be a {{type}}',
  // Named rules: schemas use these texts as their descriptions, so a 422 can say the rule by code.
  username: 'must be 3 to 15 characters: letters, digits, dot, underscore or hyphen',
  password: 'must be at least 8 characters with a letter and a digit',
  otp: 'must be 6 digits',
  notBlank: 'must not be blank',
  id: 'must be a positive whole number',
  date: 'must be a date as YYYY-MM-DD',
  sort: 'must be field:asc or field:desc with field one of {{fields}}',
  mailDomain: 'must be a lowercase domain such as bank.example',
  companyIds: 'must be comma-separated company ids (at most 500)',
  newsRefs: 'must be a JSON array of 1 to 5000 {newsItemId, tableName}',
  dateOrder: 'must not be before the start date',
  pageBeyondCap: 'must be at most {{max}}: narrow the filters to reach older records',
  notBeforeField: 'must be later than {{field}}',
  usernameTaken: 'is already taken',
  emailTaken: 'is already registered',
  nameTaken: 'is already taken',
  isinTaken: 'is used by another company',
  newsItemMissing: 'does not exist',
  letters: 'must contain letters, digits and spaces only',
  emailLetters: "must contain letters, digits, spaces, '@' and '.' only",
  isin: 'must be an ISIN: 2 capital letters, 9 capital letters or digits, then a digit',
  email: 'must be an email address',
  boolean: 'must be TRUE or FALSE',
  formula: 'must be a value, not a formula',
  duplicateIsin: 'repeats the ISIN of row {{row}}',
  headerMissing: 'header is missing',
  headerUnexpected: 'header is not expected',
  codeWrong: 'is wrong, already used or expired',
  incorrect: 'is incorrect',
  lastSuperAdmin: 'cannot change: this is the last active Super Admin',
  enterpriseUnavailable: 'does not exist or is disabled',
  mailDomainEnd: 'must end with @{{domain}}',
  statusNotPending: 'only a pending registration can be approved',
  statusNotDisabled: 'only a disabled user can be enabled',
  statusNotActive: 'only an active user can be sent a reset code',
  // Indian identity numbers (./kyc-rules): the errors refuse a value, the warnings only flag it.
  panFormat: 'must be a PAN: 5 capital letters, 4 digits, then a capital letter',
  panHolderType: 'has an unknown holder type: its 4th letter must be one of P, C, H, F, A, T, B, L, J, G',
  panHolderTypeRare: 'has the rarely issued holder type E: check the number',
  panSurnameInitial: "has a 5th letter that is not the surname's initial: check the number and the name",
  aadhaarFormat: 'must be 12 digits, the first one 2 to 9',
  aadhaarChecksum: 'has a wrong check digit: check the number',
  // KYC subjects and decisions (docs/kyc.md).
  panTaken: "is already recorded for another subject",
  aadhaarTaken: "is already recorded for another subject",
  pinCode: "must be an Indian PIN code: 6 digits, the first one 1 to 9",
  reasonRequired: "must be given for this decision",
  maskArea: "must be one or more rectangles inside the image",
  maskTooSmall: "must include a rectangle covering at least {{width}} % of the image's width and {{height}} % of its height",
  notInFuture: "must not be in the future",
  documentRequired: "is required",
  // finview (docs/finview.md).
  finviewCron: "must be a cron expression of five fields, such as 0 9 * * 1-5",
  finviewTimezone: "must be a time zone such as Asia/Kolkata",
  maxValue: "must be at most {{max}} (finview settings)",
  bindingMissing: "has no data source: add a binding for it",
  pluginUnknown: "names a plugin that does not exist",
  companyMissing: "names a company that does not exist",
  finviewEventParam: "can take an event's field ({{fields}}) only in an event rule",
  seriesMissing: "names a price series that does not exist",
  evenNumber: "must be an even number",
  imageType: "must be a PNG or JPEG image",
  imagePixels: "has more than {{megapixels}} megapixels: use a smaller image",
  imageNotReadable: "cannot be read as an image",
  // Announcements (docs/announcements.md): feed entries refused by a run, feed fields.
  entryNotObject: "is not an announcement entry",
  entryMissing: "is missing",
  entryBadDate: "is not a date and time the exchange writes",
  entryTooLong: "is longer than {{limit}} characters",
  entryRepeated: "repeats an entry earlier in the same feed",
  feedUrl: "must be an http(s) or file: URL",
  egressHost: "names a host the server may not reach (allowed: {{hosts}}; EGRESS_ALLOWED_HOSTS)",
  egressAddress: "points at an internal address (loopback, private, link-local or the like), which the server does not reach",
  egressFile: "must name a file under the folder the server may read ({{folder}}; EGRESS_FILE_DIR)",
  // Saved views (issue 25 item 3).
  viewStateTooLarge: 'must be at most {{kb}} KB as JSON',
  viewHoldsAadhaar: 'holds what reads as a full Aadhaar number, which is never stored: search by name or PAN instead',
  // Exports (issue 25 item 3).
  exportColumn: 'names a column the list does not have',
  timeZone: 'must be a time zone such as Asia/Kolkata',
} as const;

export type ServerMessageCode = keyof typeof SERVER_MESSAGES extends infer K
  ? K extends `${infer Base}_${'one' | 'other'}`
    ? Base
    : K
  : never;
export type FieldReasonCode = keyof typeof FIELD_REASONS;
export type MessageParams = Record<string, string | number>;

/** A field's refusal as the API sends it beside the English `errors`: the code and its values. */
export interface FieldReason {
  code: FieldReasonCode;
  params?: MessageParams;
}

/** `{{name}}` filled from params, as i18next does; an unknown name stays visible rather than empty. */
export function fillMessage(text: string, params: MessageParams = {}): string {
  return text.replace(/{{\s*(\w+)\s*}}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** The English text of a message code; `count` picks the plural form like i18next's `_one`/`_other`. */
export function serverMessage(code: ServerMessageCode, params: MessageParams = {}): string {
  const table = SERVER_MESSAGES as Record<string, string>;
  // A count that is not a number ("200+") reads as many.
  const plural = 'count' in params ? `${code}_${params.count === 1 ? 'one' : 'other'}` : undefined;
  const text = (plural && table[plural]) ?? table[code] ?? code;
  return fillMessage(text, params);
}

export function fieldReasonText(reason: FieldReason): string {
  return fillMessage(FIELD_REASONS[reason.code], reason.params);
}
