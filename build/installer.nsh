; Spawnpoint station installer additions (included by electron-builder's NSIS
; template through nsis.include in electron-builder.yml). Per-machine install:
;   - a page asks for the cafe server URL, this station's id and (optional)
;     its one-time pairing code, and the installer writes them to
;     %ProgramData%\Spawnpoint\station.json, where the packaged app reads its
;     station config (src/main/station/data-dir.ts); the app's first start
;     exchanges the code for the station credential (docs/kiosk-hardening.md);
;   - the app starts at logon for every user (HKLM ...\Run);
;   - customers may write screenshots under %ProgramData%\Spawnpoint.
; Unattended: Spawnpoint-Setup.exe /S /SERVER=https://192.168.1.10:4443 /STATION=st-01 [/PAIRING=K7M2-Q9XD]
; An existing station.json is kept (an upgrade asks nothing) unless /SERVER
; and /STATION are given. See docs/packaging.md.

!include nsDialogs.nsh
!include LogicLib.nsh
!include FileFunc.nsh

!define SPAWNPOINT_RUN_KEY "Software\Microsoft\Windows\CurrentVersion\Run"

; The uninstaller is compiled from this file too (with -WX): it gets only customUnInstall.
!ifndef BUILD_UNINSTALLER

Var spawnpointDataDir
Var spawnpointServer
Var spawnpointStation
Var spawnpointServerField
Var spawnpointStationField
Var spawnpointPairing
Var spawnpointPairingField
Var spawnpointKeepConfig

; $0 = text, $1 = allowed characters; sets $2 to "ok" or "bad".
Function SpawnpointCheckChars
  StrCpy $2 "ok"
  StrLen $3 $0
  ${If} $3 = 0
    StrCpy $2 "bad"
    Return
  ${EndIf}
  StrCpy $4 0
  ${Do}
    ${If} $4 >= $3
      ${ExitDo}
    ${EndIf}
    StrCpy $5 $0 1 $4
    ; StrStr-free membership test: walk the allowed set.
    StrLen $6 $1
    StrCpy $7 0
    StrCpy $8 "no"
    ${Do}
      ${If} $7 >= $6
        ${ExitDo}
      ${EndIf}
      StrCpy $9 $1 1 $7
      ${If} $9 S== $5
        StrCpy $8 "yes"
        ${ExitDo}
      ${EndIf}
      IntOp $7 $7 + 1
    ${Loop}
    ${If} $8 == "no"
      StrCpy $2 "bad"
      Return
    ${EndIf}
    IntOp $4 $4 + 1
  ${Loop}
FunctionEnd

; Sets $2 to "ok" when $spawnpointServer and $spawnpointStation can be written as they are.
Function SpawnpointValidate
  StrCpy $2 "bad"
  StrCpy $0 $spawnpointServer 7
  StrCpy $1 $spawnpointServer 8
  ${If} $0 != "http://"
  ${AndIf} $1 != "https://"
    Return
  ${EndIf}
  ; URL characters without quotes, backslashes or spaces, so the JSON needs no escaping.
  StrCpy $0 $spawnpointServer
  StrCpy $1 "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~:/?#[]@!$$&'()*+,;=%"
  Call SpawnpointCheckChars
  ${If} $2 != "ok"
    Return
  ${EndIf}
  StrCpy $0 $spawnpointStation
  StrCpy $1 "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._"
  Call SpawnpointCheckChars
  ${If} $2 != "ok"
    Return
  ${EndIf}
  ; The pairing code is optional: 8 Crockford base32 characters, with or without the hyphen (the app checks it exactly).
  ${If} $spawnpointPairing != ""
    StrLen $3 $spawnpointPairing
    ${If} $3 < 8
    ${OrIf} $3 > 9
      StrCpy $2 "bad"
      Return
    ${EndIf}
    StrCpy $0 $spawnpointPairing
    StrCpy $1 "0123456789ABCDEFGHJKMNPQRSTVWXYZabcdefghjkmnpqrstvwxyz-"
    Call SpawnpointCheckChars
  ${EndIf}
FunctionEnd

Function SpawnpointStationPage
  ${If} $spawnpointKeepConfig == "yes"
    Abort
  ${EndIf}
  nsDialogs::Create 1018
  Pop $0
  ${If} $0 == error
    Abort
  ${EndIf}
  ${NSD_CreateLabel} 0 0 100% 24u "This PC is a Spawnpoint station. Enter the cafe server's address and this station's id, as the cafe's admin tool shows them."
  Pop $0
  ${NSD_CreateLabel} 0 30u 100% 10u "Cafe server URL (e.g. https://192.168.1.10:4443)"
  Pop $0
  ${NSD_CreateText} 0 42u 100% 12u $spawnpointServer
  Pop $spawnpointServerField
  ${NSD_CreateLabel} 0 62u 100% 10u "Station id (e.g. st-01)"
  Pop $0
  ${NSD_CreateText} 0 74u 100% 12u $spawnpointStation
  Pop $spawnpointStationField
  ${NSD_CreateLabel} 0 94u 100% 10u "Pairing code (optional; the operator prints it with: npm run cafe -- pair <station id>)"
  Pop $0
  ${NSD_CreateText} 0 106u 100% 12u $spawnpointPairing
  Pop $spawnpointPairingField
  nsDialogs::Show
FunctionEnd

Function SpawnpointStationPageLeave
  ${NSD_GetText} $spawnpointServerField $spawnpointServer
  ${NSD_GetText} $spawnpointStationField $spawnpointStation
  ${NSD_GetText} $spawnpointPairingField $spawnpointPairing
  Call SpawnpointValidate
  ${If} $2 != "ok"
    MessageBox MB_ICONEXCLAMATION "The server URL must start with http:// or https:// and have no spaces or quotes; the station id may use letters, digits, dots, hyphens and underscores; the pairing code, if given, is the 8 characters XXXX-XXXX the operator was shown."
    Abort
  ${EndIf}
FunctionEnd

!endif ; BUILD_UNINSTALLER

!macro customInit
  SetShellVarContext all
  StrCpy $spawnpointDataDir "$APPDATA\Spawnpoint"
  SetShellVarContext current
  StrCpy $spawnpointKeepConfig "no"
  ${GetParameters} $R0
  ClearErrors
  ${GetOptions} $R0 "/SERVER=" $spawnpointServer
  ${GetOptions} $R0 "/STATION=" $spawnpointStation
  ${GetOptions} $R0 "/PAIRING=" $spawnpointPairing
  ${If} $spawnpointServer == ""
  ${AndIf} ${FileExists} "$spawnpointDataDir\station.json"
    StrCpy $spawnpointKeepConfig "yes"
  ${EndIf}
  ${If} ${Silent}
  ${AndIf} $spawnpointKeepConfig == "no"
    Call SpawnpointValidate
    ${If} $2 != "ok"
      MessageBox MB_ICONSTOP "Spawnpoint: a silent install needs /SERVER=http(s)://... and /STATION=<id> (letters, digits, . _ -)." /SD IDOK
      SetErrorLevel 2
      Quit
    ${EndIf}
  ${EndIf}
!macroend

!macro customPageAfterChangeDir
  Page custom SpawnpointStationPage SpawnpointStationPageLeave
!macroend

!macro customInstall
  CreateDirectory "$spawnpointDataDir"
  CreateDirectory "$spawnpointDataDir\screenshots"
  ; Customers' accounts (Users, S-1-5-32-545) may add screenshots; only administrators change station.json.
  nsExec::Exec '"$SYSDIR\icacls.exe" "$spawnpointDataDir\screenshots" /grant *S-1-5-32-545:(OI)(CI)M'
  Pop $0
  ${If} $spawnpointKeepConfig == "no"
    FileOpen $0 "$spawnpointDataDir\station.json" w
    ${If} $spawnpointPairing == ""
      FileWrite $0 '{ "serverUrl": "$spawnpointServer", "stationId": "$spawnpointStation" }$\r$\n'
    ${Else}
      FileWrite $0 '{ "serverUrl": "$spawnpointServer", "stationId": "$spawnpointStation", "pairingCode": "$spawnpointPairing" }$\r$\n'
    ${EndIf}
    FileClose $0
  ${EndIf}
  WriteRegStr HKLM "${SPAWNPOINT_RUN_KEY}" "${PRODUCT_NAME}" '"$INSTDIR\${APP_EXECUTABLE_FILENAME}"'
!macroend

!macro customUnInstall
  ; Keeps %ProgramData%\Spawnpoint (station.json, games.json): a reinstall finds the station as it was.
  DeleteRegValue HKLM "${SPAWNPOINT_RUN_KEY}" "${PRODUCT_NAME}"
!macroend
