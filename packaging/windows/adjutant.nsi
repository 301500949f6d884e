; Adjutant's Windows installer (NSIS 3, Unicode, 64-bit), built by scripts/build-windows.sh:
;   makensis -DVERSION=0.1.0 -DSTAGE=<folder with adjutant.exe and armies\> \
;            -DICON=<...>\adjutant.ico -DOUTFILE=<...>\adjutant-0.1.0-setup.exe \
;            packaging/windows/adjutant.nsi
;
; Installs for the current user by default, with no administrator rights, into
; %LOCALAPPDATA%\Programs\Adjutant: adjutant.exe, the shipped armies (armies\), a Start-menu
; entry and an uninstaller listed under Settings > Apps. `/ALLUSERS` (from an administrator's
; prompt) installs for every user into Program Files instead. `/S` installs silently and
; `/D=C:\Some\Folder` (last on the line) picks the folder. The player's battles, armies and
; settings live in %APPDATA%\Adjutant and are never touched by the installer or uninstaller.

Unicode true
Target amd64-unicode
SetCompressor /SOLID lzma

!ifndef VERSION
  !error "makensis -DVERSION=... is required"
!endif
!ifndef STAGE
  !error "makensis -DSTAGE=... is required"
!endif
!ifndef ICON
  !define ICON "adjutant.ico"
!endif
!ifndef OUTFILE
  !define OUTFILE "adjutant-${VERSION}-setup.exe"
!endif

!define APP "Adjutant"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\Adjutant"

!include "FileFunc.nsh"
!include "LogicLib.nsh"
!include "x64.nsh"

Name "${APP} ${VERSION}"
OutFile "${OUTFILE}"
Icon "${ICON}"
UninstallIcon "${ICON}"
RequestExecutionLevel user
InstallDir "$LOCALAPPDATA\Programs\${APP}"
ShowInstDetails show

VIProductVersion "${VERSION}.0"
VIAddVersionKey "ProductName" "${APP}"
VIAddVersionKey "ProductVersion" "${VERSION}"
VIAddVersionKey "FileVersion" "${VERSION}"
VIAddVersionKey "FileDescription" "${APP} installer"
VIAddVersionKey "LegalCopyright" "MIT OR Apache-2.0"

Page directory
Page instfiles
UninstPage uninstConfirm
UninstPage instfiles

Var AllUsers

Function .onInit
  ${IfNot} ${RunningX64}
    MessageBox MB_ICONSTOP "Adjutant needs 64-bit Windows." /SD IDOK
    Abort
  ${EndIf}
  SetRegView 64
  StrCpy $AllUsers 0
  ${GetParameters} $R0
  ClearErrors
  ${GetOptions} $R0 "/ALLUSERS" $R1
  ${IfNot} ${Errors}
    StrCpy $AllUsers 1
    SetShellVarContext all
    ; /D= on the command line sets $INSTDIR before .onInit; keep it when given.
    ${If} $INSTDIR == "$LOCALAPPDATA\Programs\${APP}"
      StrCpy $INSTDIR "$PROGRAMFILES64\${APP}"
    ${EndIf}
  ${EndIf}
FunctionEnd

Section "Adjutant"
  SetOutPath "$INSTDIR"
  File "${STAGE}\adjutant.exe"
  File "${STAGE}\README.txt"
  SetOutPath "$INSTDIR\armies"
  File /r "${STAGE}\armies\*.*"
  SetOutPath "$INSTDIR"

  ; Which kind of install this is, for the uninstaller.
  WriteINIStr "$INSTDIR\install.ini" "Install" "AllUsers" "$AllUsers"
  WriteUninstaller "$INSTDIR\uninstall.exe"
  CreateShortcut "$SMPROGRAMS\${APP}.lnk" "$INSTDIR\adjutant.exe" "" "$INSTDIR\adjutant.exe" 0

  ${GetSize} "$INSTDIR" "/S=0K" $R0 $R1 $R2
  ${If} $AllUsers == 1
    WriteRegStr HKLM "${UNINSTALL_KEY}" "DisplayName" "${APP}"
    WriteRegStr HKLM "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
    WriteRegStr HKLM "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\adjutant.exe"
    WriteRegStr HKLM "${UNINSTALL_KEY}" "Publisher" "${APP}"
    WriteRegStr HKLM "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
    WriteRegStr HKLM "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
    WriteRegStr HKLM "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
    WriteRegDWORD HKLM "${UNINSTALL_KEY}" "EstimatedSize" $R0
    WriteRegDWORD HKLM "${UNINSTALL_KEY}" "NoModify" 1
    WriteRegDWORD HKLM "${UNINSTALL_KEY}" "NoRepair" 1
  ${Else}
    WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayName" "${APP}"
    WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
    WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\adjutant.exe"
    WriteRegStr HKCU "${UNINSTALL_KEY}" "Publisher" "${APP}"
    WriteRegStr HKCU "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
    WriteRegStr HKCU "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
    WriteRegStr HKCU "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
    WriteRegDWORD HKCU "${UNINSTALL_KEY}" "EstimatedSize" $R0
    WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoModify" 1
    WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoRepair" 1
  ${EndIf}
SectionEnd

Function un.onInit
  SetRegView 64
  ReadINIStr $AllUsers "$INSTDIR\install.ini" "Install" "AllUsers"
  ${If} $AllUsers == 1
    SetShellVarContext all
  ${EndIf}
FunctionEnd

Section "Uninstall"
  Delete "$SMPROGRAMS\${APP}.lnk"
  Delete "$INSTDIR\adjutant.exe"
  Delete "$INSTDIR\README.txt"
  Delete "$INSTDIR\install.ini"
  RMDir /r "$INSTDIR\armies"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"
  ${If} $AllUsers == 1
    DeleteRegKey HKLM "${UNINSTALL_KEY}"
  ${Else}
    DeleteRegKey HKCU "${UNINSTALL_KEY}"
  ${EndIf}
SectionEnd
